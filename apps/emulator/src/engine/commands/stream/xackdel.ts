import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { groupChanged } from "./_groups.ts";
import { DELETE_RESULT, lookupStream, parseIdsBlock, streamIdArg } from "./_stream-arguments.ts";

/**
 * XACKDEL key group [KEEPREF | DELREF | ACKED] IDS numids id [id ...]: acknowledges the entries in
 * the group and deletes them from the stream; per ID -1 (not pending in the group), 1 (deleted) or
 * 2 (acknowledged, but kept because another group still needs it).
 * @see https://redis.io/commands/xackdel
 */
export const xackdel = defineCommand({
  name: "XACKDEL",
  group: "stream",
  arity: -6,
  flags: ["write", "fast"],
  categories: ["stream"],
  keys: { first: 1, last: 1, step: 1 },
  since: "8.2.0",
  summary: "Acknowledges and deletes one or multiple messages for a stream consumer group.",
  complexity: "O(1) for each entry ID processed.",
  parse: (args) => ({ key: args.key(), group: args.string(), rest: args.rest() }),
  run: (ctx, { key, group: name }) => {
    // WRONGTYPE comes before argument errors (xackdelCommand).
    const stream = lookupStream(ctx, key);
    const { policy, ids } = parseIdsBlock(ctx.argv, 3);
    const group = stream?.group(name);
    if (stream === undefined || group === undefined) {
      return reply.integers(ids.map(() => DELETE_RESULT.notFound));
    }
    const parsed = ids.map((text) => streamIdArg(text).id);
    let deleted = 0;
    let acknowledged = 0;
    const results = parsed.map((id) => {
      if (!group.acknowledge(id)) {
        return DELETE_RESULT.notFound;
      }
      acknowledged++;
      if (policy === "ACKED" && stream.isReferenced(id)) {
        return DELETE_RESULT.stillReferenced;
      }
      if (policy === "DELREF") {
        stream.deleteReferences(id);
      }
      // Acknowledged is enough: an entry already gone from the stream still counts as deleted.
      if (stream.deleteEntry(id)) {
        deleted++;
      }
      return DELETE_RESULT.deleted;
    });
    if (deleted > 0) {
      ctx.modified(key, "xdel", "t");
      ctx.server.stats.dirty += acknowledged - 1;
    } else if (acknowledged > 0) {
      ctx.server.stats.dirty += acknowledged - 1;
      groupChanged(ctx, key);
    }
    return reply.integers(results);
  },
});
