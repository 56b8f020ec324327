import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { resolveIndex } from "./_index-access.ts";

/**
 * SEARCH.REINDEX name|alias: rebuilds the contents from a scan of the keyspace; 1, or 0 if none.
 * @see redis-search.md §1.2
 */
export const searchReindex = defineCommand({
  name: "SEARCH.REINDEX",
  group: "search",
  arity: 2,
  flags: ["write"],
  since: "1.0.0",
  summary: "Rebuilds a search index from the keys currently under its prefixes.",
  complexity: "O(N) for N keys",
  parse: (args) => ({ name: args.string() }),
  run: (ctx, { name }) => {
    const index = resolveIndex(ctx, name);
    if (index === undefined) {
      return reply.integer(0);
    }
    ctx.server.search.reindex(index);
    ctx.server.search.sync();
    return reply.integer(1);
  },
});
