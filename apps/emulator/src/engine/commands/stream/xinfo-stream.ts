import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import {
  type ConsumerGroup,
  formatStreamId,
  MAX_STREAM_ID,
  MIN_STREAM_ID,
  type StreamValue,
} from "../../values/stream.ts";
import { defineCommand } from "../define.ts";
import { groupInfoHead } from "./_groups.ts";
import { entryReply, rangeReply } from "./_replies.ts";
import { longLongArg, lookupStream, toCount } from "./_stream-arguments.ts";

/**
 * XINFO STREAM key [FULL [COUNT count]]: the stream's counters and first/last entry, or with FULL
 * its entries and every group's PEL and consumers (at most COUNT of each list, default 10, 0 for
 * all).
 *
 * Emulator difference: `radix-tree-keys` counts the stream's chunks of up to 100 entries, as Redis
 * counts listpack nodes for small entries; `radix-tree-nodes` is an estimate of the radix tree.
 * @see https://redis.io/commands/xinfo-stream
 */
export const xinfoStream = defineCommand({
  name: "XINFO|STREAM",
  group: "stream",
  arity: -3,
  resp3: "stream-info",
  flags: ["readonly"],
  categories: ["stream"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary: "Returns information about a stream.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), options: args.rest() }),
  run: (ctx, { key, options }) => {
    const stream = lookupStream(ctx, key);
    if (stream === undefined) {
      throw new ReplyError(ERR.NO_SUCH_KEY);
    }
    const syntaxError = new ReplyError(ERR.SUBCOMMAND_SYNTAX(ctx.argv[1] as string, "XINFO"));
    if (options.length === 0) {
      return reply.array([
        ...streamHead(stream),
        reply.bulk("groups"),
        reply.integer(stream.groups?.size ?? 0),
        reply.bulk("first-entry"),
        edgeEntry(stream, "first"),
        reply.bulk("last-entry"),
        edgeEntry(stream, "last"),
      ]);
    }
    if (
      (options.length !== 1 && options.length !== 3) ||
      asciiUpper(options[0] as string) !== "FULL"
    ) {
      throw syntaxError;
    }
    let count = 10;
    if (options.length === 3) {
      if (asciiUpper(options[1] as string) !== "COUNT") {
        throw syntaxError;
      }
      const value = toCount(longLongArg(options[2]));
      count = value < 0 ? 10 : value;
    }
    return reply.array([
      ...streamHead(stream),
      reply.bulk("entries"),
      rangeReply(stream, { from: MIN_STREAM_ID, to: MAX_STREAM_ID, count }),
      reply.bulk("groups"),
      reply.array(stream.sortedGroups().map((group) => fullGroup(stream, group, count))),
    ]);
  },
});

function streamHead(stream: StreamValue): Reply[] {
  const keys = stream.entries.nodeCount;
  return [
    reply.bulk("length"),
    reply.integer(stream.length),
    reply.bulk("radix-tree-keys"),
    reply.integer(keys),
    reply.bulk("radix-tree-nodes"),
    // An empty tree is one node, one key adds one; each further key roughly two inner nodes.
    reply.integer(keys <= 1 ? keys + 1 : 2 * keys + 2),
    reply.bulk("last-generated-id"),
    reply.bulk(formatStreamId(stream.lastId)),
    reply.bulk("max-deleted-entry-id"),
    reply.bulk(formatStreamId(stream.maxDeletedId)),
    reply.bulk("entries-added"),
    reply.integer(stream.entriesAdded),
    reply.bulk("recorded-first-entry-id"),
    reply.bulk(formatStreamId(stream.firstId)),
  ];
}

function edgeEntry(stream: StreamValue, edge: "first" | "last"): Reply {
  const id = edge === "first" ? stream.entries.first() : stream.entries.last();
  const fieldsAndValues = id === undefined ? undefined : stream.entries.get(id);
  return id === undefined || fieldsAndValues === undefined
    ? reply.null()
    : entryReply(id, fieldsAndValues);
}

/** `count` 0 lists everything. */
function fullGroup(stream: StreamValue, group: ConsumerGroup, count: number): Reply {
  const [name, lastId, entriesRead, lag] = groupInfoHead(stream, group);
  const pending: Reply[] = [];
  group.pel.scan({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (id, entry) => {
    pending.push(
      reply.array([
        reply.bulk(formatStreamId(id)),
        reply.bulk(entry.consumer.name),
        reply.integer(entry.deliveryTime),
        reply.integer(entry.deliveryCount),
      ]),
    );
    return count === 0 || pending.length < count;
  });
  const consumers = group.sortedConsumers().map((consumer) => {
    const owned: Reply[] = [];
    consumer.pel.scan({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (id, entry) => {
      owned.push(
        reply.array([
          reply.bulk(formatStreamId(id)),
          reply.integer(entry.deliveryTime),
          reply.integer(entry.deliveryCount),
        ]),
      );
      return count === 0 || owned.length < count;
    });
    return reply.array([
      reply.bulk("name"),
      reply.bulk(consumer.name),
      reply.bulk("seen-time"),
      reply.integer(consumer.seenTime),
      reply.bulk("active-time"),
      reply.integer(consumer.activeTime),
      reply.bulk("pel-count"),
      reply.integer(consumer.pel.size),
      reply.bulk("pending"),
      reply.array(owned),
    ]);
  });
  return reply.array([
    ...name,
    ...lastId,
    ...entriesRead,
    ...lag,
    reply.bulk("pel-count"),
    reply.integer(group.pel.size),
    reply.bulk("pending"),
    reply.array(pending),
    reply.bulk("consumers"),
    reply.array(consumers),
  ]);
}
