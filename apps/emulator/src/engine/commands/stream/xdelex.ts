import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { groupChanged } from "./_groups.ts";
import { DELETE_RESULT, lookupStream, parseIdsBlock, streamIdArg } from "./_stream-arguments.ts";

/**
 * XDELEX key [KEEPREF | DELREF | ACKED] IDS numids id [id ...]: XDEL with control over consumer
 * group references; per ID -1 (no such entry), 1 (deleted) or 2 (kept: a group still needs it).
 * @see https://redis.io/commands/xdelex
 */
export const xdelex = defineCommand({
  name: "XDELEX",
  group: "stream",
  arity: -5,
  flags: ["write", "fast"],
  categories: ["stream"],
  keys: { first: 1, last: 1, step: 1 },
  since: "8.2.0",
  summary: "Deletes one or multiple entries from the stream.",
  complexity: "O(1) for each single item to delete in the stream, regardless of the stream size.",
  parse: (args) => ({ key: args.key(), rest: args.rest() }),
  run: (ctx, { key }) => {
    // WRONGTYPE comes before argument errors (xdelexCommand).
    const stream = lookupStream(ctx, key);
    const { policy, ids } = parseIdsBlock(ctx.argv, 2);
    if (stream === undefined) {
      return reply.integers(ids.map(() => DELETE_RESULT.notFound));
    }
    const parsed = ids.map((text) => streamIdArg(text).id);
    let deleted = 0;
    let dereferenced = 0;
    const results = parsed.map((id) => {
      if (policy === "ACKED" && stream.isReferenced(id)) {
        return DELETE_RESULT.stillReferenced;
      }
      if (policy === "DELREF") {
        dereferenced += stream.deleteReferences(id);
      }
      if (!stream.deleteEntry(id)) {
        return DELETE_RESULT.notFound;
      }
      deleted++;
      return DELETE_RESULT.deleted;
    });
    if (deleted > 0) {
      ctx.modified(key, "xdel", "t");
      ctx.server.stats.dirty += deleted - 1;
    } else if (dereferenced > 0) {
      // Redis counts nothing here, but the PELs changed: the command must reach the log.
      groupChanged(ctx, key);
    }
    return reply.integers(results);
  },
});
