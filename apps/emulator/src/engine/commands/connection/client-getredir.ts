import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * CLIENT GETREDIR: the client id invalidations are redirected to, 0 when tracking without
 * REDIRECT, -1 when tracking is off.
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
  run: (ctx) => reply.integer(ctx.session.tracking?.redirect ?? -1),
});
