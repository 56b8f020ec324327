import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { markChanged } from "./_index-access.ts";

/**
 * SEARCH.ALIASADD alias index: 1 new, 2 re-pointed (the index need not exist).
 * @see redis-search.md §1.10
 */
export const searchAliasadd = defineCommand({
  name: "SEARCH.ALIASADD",
  group: "search",
  arity: 3,
  flags: ["write"],
  since: "1.0.0",
  summary: "Adds or re-points an alias for a search index.",
  complexity: "O(1)",
  parse: (args) => ({ alias: args.string(), index: args.string() }),
  run: (ctx, { alias, index }) => {
    const result = ctx.server.search.addAlias(alias, index);
    markChanged(ctx);
    return reply.integer(result);
  },
});
