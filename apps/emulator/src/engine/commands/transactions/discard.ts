import { ERR, ReplyError } from "../../errors.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * DISCARD: drops the queued commands. The connection's `TransactionQueue` answers DISCARD after
 * MULTI; reaching the engine means there was no MULTI.
 * @see https://redis.io/commands/discard
 */
export const discard = defineCommand({
  name: "DISCARD",
  group: "transactions",
  arity: 1,
  flags: ["noscript", "loading", "stale", "fast", "allow_busy"],
  categories: ["transaction"],
  restRefusal: "transaction",
  since: "2.0.0",
  summary: "Discards a transaction.",
  complexity: "O(N), when N is the number of queued commands",
  parse: noArguments,
  run: () => {
    throw new ReplyError(ERR.DISCARD_WITHOUT_MULTI);
  },
});
