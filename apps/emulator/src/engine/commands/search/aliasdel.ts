import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { markChanged } from "./_index-access.ts";

/**
 * SEARCH.ALIASDEL alias: 1 deleted, 0 none.
 * @see redis-search.md §1.10
 */
export const searchAliasdel = defineCommand({
  name: "SEARCH.ALIASDEL",
  group: "search",
  arity: 2,
  flags: ["write"],
  since: "1.0.0",
  summary: "Deletes a search index alias.",
  complexity: "O(1)",
  parse: (args) => ({ alias: args.string() }),
  run: (ctx, { alias }) => {
    if (!ctx.server.search.deleteAlias(alias)) {
      return reply.integer(0);
    }
    markChanged(ctx);
    return reply.integer(1);
  },
});
