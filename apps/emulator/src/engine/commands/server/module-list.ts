import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * MODULE LIST: no modules are loaded.
 * @see https://redis.io/commands/module-list
 */
export const moduleList = defineCommand({
  name: "MODULE|LIST",
  group: "server",
  arity: 2,
  flags: ["admin", "noscript"],
  since: "4.0.0",
  summary: "Returns all loaded modules.",
  complexity: "O(N) where N is the number of loaded modules.",
  parse: noArguments,
  run: () => reply.array([]),
});
