import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * SLOWLOG RESET: clears the (empty) slow log.
 * @see https://redis.io/commands/slowlog-reset
 */
export const slowlogReset = defineCommand({
  name: "SLOWLOG|RESET",
  group: "server",
  arity: 2,
  flags: ["admin", "loading", "stale"],
  since: "2.2.12",
  summary: "Clears all entries from the slow log.",
  complexity: "O(N) where N is the number of entries in the slowlog",
  parse: noArguments,
  run: () => reply.ok(),
});
