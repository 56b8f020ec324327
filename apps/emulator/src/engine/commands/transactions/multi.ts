import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * MULTI: starts a transaction. The queueing is the connection's (`engine/transaction-queue.ts`),
 * which answers MULTI itself; this runs only where nothing queues (then OK, as MULTI cannot fail
 * outside a transaction) or inside EXEC (nested).
 * @see https://redis.io/commands/multi
 */
export const multi = defineCommand({
  name: "MULTI",
  group: "transactions",
  arity: 1,
  flags: ["noscript", "loading", "stale", "fast", "allow_busy"],
  categories: ["transaction"],
  restRefusal: "transaction",
  since: "1.2.0",
  summary: "Starts a transaction.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => {
    if (ctx.session.inTransaction) {
      throw new ReplyError(ERR.MULTI_NESTED);
    }
    return reply.ok();
  },
});
