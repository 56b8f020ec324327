import { ERR, ReplyError } from "../../errors.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * EXEC: runs the queued commands. The connection's `TransactionQueue` answers EXEC after MULTI;
 * reaching the engine means there was no MULTI.
 * @see https://redis.io/commands/exec
 */
export const exec = defineCommand({
  name: "EXEC",
  group: "transactions",
  arity: 1,
  flags: ["noscript", "loading", "stale", "skip_slowlog"],
  categories: ["transaction"],
  restRefusal: "transaction",
  since: "1.2.0",
  summary: "Executes all commands in a transaction.",
  complexity: "Depends on commands in the transaction",
  parse: noArguments,
  run: () => {
    throw new ReplyError(ERR.EXEC_WITHOUT_MULTI);
  },
});
