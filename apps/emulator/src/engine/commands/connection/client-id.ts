import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * CLIENT ID: the connection's id.
 * @see https://redis.io/commands/client-id
 */
export const clientId = defineCommand({
  name: "CLIENT|ID",
  group: "connection",
  arity: 2,
  flags: ["noscript", "loading", "stale"],
  categories: ["connection"],
  since: "5.0.0",
  summary: "Returns the unique client ID of the connection.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => reply.integer(ctx.session.id),
});
