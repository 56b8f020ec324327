import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * UNWATCH: forgets every key this connection WATCHes.
 * @see https://redis.io/commands/unwatch
 */
export const unwatch = defineCommand({
  name: "UNWATCH",
  group: "transactions",
  arity: 1,
  flags: ["noscript", "loading", "stale", "fast", "allow_busy"],
  categories: ["transaction"],
  restRefusal: "transaction",
  since: "2.2.0",
  summary: "Forgets about watched keys of a transaction.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => {
    ctx.server.unwatch(ctx.session);
    return reply.ok();
  },
});
