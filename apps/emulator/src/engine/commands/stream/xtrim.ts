import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { exactTrimArgv, lookupStream, parseAddTrimArgs } from "./_stream-arguments.ts";

/**
 * XTRIM key <MAXLEN | MINID> [= | ~] threshold [LIMIT count] [KEEPREF | DELREF | ACKED]: trims the
 * oldest entries; how many went.
 *
 * Service behaviour (kv-rest-wire.md §13.2): `~` trims to the threshold entry by entry (bounded by
 * LIMIT) instead of only whole radix-tree nodes, so it lands at the threshold as the service does.
 * @see https://redis.io/commands/xtrim
 */
export const xtrim = defineCommand({
  name: "XTRIM",
  group: "stream",
  arity: -4,
  flags: ["write"],
  categories: ["stream"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary: "Deletes messages from the beginning of a stream.",
  complexity:
    "O(N), with N being the number of evicted entries. Constant times are very small however, since entries are organized in macro nodes containing multiple entries that can be released with a single deallocation.",
  parse: (args) => ({ key: args.key(), rest: args.rest() }),
  run: (ctx, { key }) => {
    const args = parseAddTrimArgs(ctx.argv, { isXadd: false, config: ctx.server.config });
    const stream = lookupStream(ctx, key);
    if (stream === undefined || args.trim === undefined) {
      return reply.integer(0);
    }
    const deleted = stream.trim(args.trim);
    if (deleted > 0) {
      ctx.modified(key, "xtrim", "t");
      ctx.server.stats.dirty += deleted - 1;
      if (args.isApprox) {
        ctx.propagate(exactTrimArgv(ctx.argv, args, stream));
      }
    }
    return reply.integer(deleted);
  },
});
