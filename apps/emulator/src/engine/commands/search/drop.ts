import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { markChanged } from "./_index-access.ts";

/**
 * SEARCH.DROP name: 1 dropped, 0 none. Never resolves aliases; aliases to it are kept (dangling).
 * @see redis-search.md §1.3
 */
export const searchDrop = defineCommand({
  name: "SEARCH.DROP",
  group: "search",
  arity: 2,
  flags: ["write"],
  since: "1.0.0",
  summary: "Drops a search index (its keys are kept).",
  complexity: "O(1)",
  parse: (args) => ({ name: args.string() }),
  run: (ctx, { name }) => {
    if (!ctx.server.search.drop(name)) {
      return reply.integer(0);
    }
    markChanged(ctx);
    return reply.integer(1);
  },
});
