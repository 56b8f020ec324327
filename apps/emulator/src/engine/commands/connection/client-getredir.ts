import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * CLIENT GETREDIR: -1, as tracking is never on.
 * @see https://redis.io/commands/client-getredir
 */
export const clientGetredir = defineCommand({
  name: "CLIENT|GETREDIR",
  group: "connection",
  arity: 2,
  flags: ["noscript", "loading", "stale"],
  categories: ["connection"],
  since: "6.0.0",
  summary: "Returns the client ID to which the connection's tracking notifications are redirected.",
  complexity: "O(1)",
  parse: noArguments,
  run: () => reply.integer(-1),
});
