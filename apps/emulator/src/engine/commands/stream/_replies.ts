import { type Reply, reply } from "../../reply.ts";
import { formatStreamId, type StreamId, type StreamValue } from "../../values/stream.ts";
import {
  type EntryNode,
  entryEnd,
  entryStart,
  formatEntryIdAt,
} from "../../values/stream-entries.ts";

/** `[id, [field, value, …]]`. */
export function entryReply(id: StreamId, fieldsAndValues: readonly string[]): Reply {
  return reply.array([reply.bulk(formatStreamId(id)), reply.bulks(fieldsAndValues)]);
}

/** `[id, [field, value, …]]` of a packed entry, read in place. */
export function packedEntryReply(node: EntryNode, at: number): Reply {
  const data = node.data;
  const end = entryEnd(node, at);
  const fields: Reply[] = [];
  for (let i = entryStart(node, at); i < end; i++) {
    fields.push(reply.bulk(data[i] as string));
  }
  return reply.array([reply.bulk(formatEntryIdAt(node, at)), reply.array(fields)]);
}

/** The entries of [from, to] (descending when `reverse`), at most `count` (0: all). */
export function rangeReply(
  stream: StreamValue,
  range: { from: StreamId; to: StreamId; reverse?: boolean; count?: number },
): Reply {
  const items: Reply[] = [];
  const count = range.count ?? 0;
  stream.entries.scanPacked(range, (node, at) => {
    items.push(packedEntryReply(node, at));
    return count === 0 || items.length < count;
  });
  return reply.array(items);
}

/** A HELP reply: Redis's header line, the lines, then HELP itself, as simple strings. */
export function helpReply(container: string, lines: readonly string[]): Reply {
  return reply.array(
    [
      `${container} <subcommand> [<arg> [value] [opt] ...]. Subcommands are:`,
      ...lines,
      "HELP",
      "    Prints this help.",
    ].map((line) => reply.simple(line)),
  );
}
