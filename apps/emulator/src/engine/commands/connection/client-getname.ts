import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * CLIENT GETNAME: the connection's name, or nil when it has none.
 * @see https://redis.io/commands/client-getname
 */
export const clientGetname = defineCommand({
  name: "CLIENT|GETNAME",
  group: "connection",
  arity: 2,
  flags: ["noscript", "loading", "stale"],
  categories: ["connection"],
  since: "2.6.9",
  summary: "Returns the name of the connection.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => (ctx.session.name === "" ? reply.null() : reply.bulk(ctx.session.name)),
});
