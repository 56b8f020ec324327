import { binaryToUtf8 } from "../../bytes.ts";
import { reply } from "../../reply.ts";
import { evaluate, parseFilter } from "../../search/query.ts";
import { defineCommand } from "../define.ts";
import { liveScores, resolveIndex } from "./_index-access.ts";

/**
 * SEARCH.COUNT name|alias filter: how many documents match; -1 when the index does not exist.
 * @see redis-search.md §1.8
 */
export const searchCount = defineCommand({
  name: "SEARCH.COUNT",
  group: "search",
  arity: 3,
  flags: ["readonly"],
  since: "1.0.0",
  summary: "Counts the documents of an index that match a JSON filter.",
  complexity: "O(M) for M matching documents",
  parse: (args) => ({ name: args.string(), filter: binaryToUtf8(args.string()) }),
  run: (ctx, { name, filter }) => {
    const index = resolveIndex(ctx, name);
    if (index === undefined) {
      return reply.integer(-1);
    }
    return reply.integer(liveScores(ctx, index, evaluate(parseFilter(filter, index), index)).size);
  },
});
