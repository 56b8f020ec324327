import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * SEARCH.LISTALIASES: `[alias, index]` pairs, dangling ones included.
 * @see redis-search.md §1.10
 */
export const searchListaliases = defineCommand({
  name: "SEARCH.LISTALIASES",
  group: "search",
  arity: 1,
  flags: ["readonly"],
  since: "1.0.0",
  summary: "Lists the search index aliases and their indexes.",
  complexity: "O(N) for N aliases",
  parse: noArguments,
  run: (ctx) => reply.array([...ctx.server.search.aliases()].map((pair) => reply.bulks(pair))),
});
