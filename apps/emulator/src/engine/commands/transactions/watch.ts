import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * WATCH key [key ...]: the next EXEC of this connection fails (null reply) if any of the keys
 * changes, expires or is flushed before it.
 * @see https://redis.io/commands/watch
 */
export const watch = defineCommand({
  name: "WATCH",
  group: "transactions",
  arity: -2,
  flags: ["noscript", "loading", "stale", "fast", "allow_busy"],
  categories: ["transaction"],
  restRefusal: "transaction",
  keys: { first: 1, last: -1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: -1, keyStep: 1, limit: 0 } },
  ],
  since: "2.2.0",
  summary: "Monitors changes to keys to determine the execution of a transaction.",
  complexity: "O(1) for every key.",
  parse: (args) => ({ keys: args.rest() }),
  run: (ctx, { keys }) => {
    if (ctx.session.inTransaction) {
      throw new ReplyError(ERR.WATCH_IN_MULTI);
    }
    ctx.server.watch(ctx.session, keys);
    return reply.ok();
  },
});
