import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * SLOWLOG LEN: the number of entries, always 0 (commands are not timed).
 * @see https://redis.io/commands/slowlog-len
 */
export const slowlogLen = defineCommand({
  name: "SLOWLOG|LEN",
  group: "server",
  arity: 2,
  flags: ["admin", "loading", "stale"],
  since: "2.2.12",
  summary: "Returns the number of entries in the slow log.",
  complexity: "O(1)",
  parse: noArguments,
  run: () => reply.integer(0),
});
