import { binaryToUtf8 } from "../../bytes.ts";
import { reply } from "../../reply.ts";
import { aggregate } from "../../search/aggregate.ts";
import { evaluate, parseFilter } from "../../search/query.ts";
import { defineCommand } from "../define.ts";
import { liveScores, resolveIndex } from "./_index-access.ts";

/**
 * SEARCH.AGGREGATE name|alias filter aggregations: `[alias, result, …]`; nil when the index does
 * not exist.
 * @see redis-search.md §1.9, §4
 */
export const searchAggregate = defineCommand({
  name: "SEARCH.AGGREGATE",
  group: "search",
  arity: 4,
  flags: ["readonly"],
  since: "1.0.0",
  summary: "Computes metric and bucket aggregations over the documents matching a JSON filter.",
  complexity: "O(M) for M matching documents per aggregation",
  parse: (args) => ({
    name: args.string(),
    filter: binaryToUtf8(args.string()),
    aggregations: binaryToUtf8(args.string()),
  }),
  run: (ctx, { name, filter, aggregations }) => {
    const index = resolveIndex(ctx, name);
    if (index === undefined) {
      return reply.null();
    }
    const matched = liveScores(ctx, index, evaluate(parseFilter(filter, index), index));
    return aggregate(aggregations, { index, documents: [...matched.keys()] });
  },
});
