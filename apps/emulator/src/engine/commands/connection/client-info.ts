import { clientInfoLine } from "../../client-list.ts";
import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * CLIENT INFO: the connection's CLIENT LIST line.
 * @see https://redis.io/commands/client-info
 */
export const clientInfo = defineCommand({
  name: "CLIENT|INFO",
  group: "connection",
  arity: 2,
  flags: ["noscript", "loading", "stale"],
  categories: ["connection"],
  since: "6.2.0",
  summary: "Returns information about the connection.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => reply.bulk(`${clientInfoLine(ctx.session, ctx.now)}\n`),
});
