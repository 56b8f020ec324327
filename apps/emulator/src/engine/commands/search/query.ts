import { binaryToUtf8 } from "../../bytes.ts";
import { reply } from "../../reply.ts";
import { searchError } from "../../search/errors.ts";
import { evaluate, highlightTerms, parseFilter, termMatches } from "../../search/query.ts";
import { checkRankingFields, hitReply, parseQueryOptions, rank } from "../../search/results.ts";
import { defineCommand } from "../define.ts";
import { indexDatabase, liveScores, resolveIndex } from "./_index-access.ts";

/**
 * SEARCH.QUERY name|alias filter [LIMIT n] [OFFSET n] [ORDERBY f [ASC|DESC]] [SELECT n f…]
 * [NOCONTENT] [HIGHLIGHT FIELDS n f… [TAGS open close]] [SCOREFUNC …]: `[key, score, content]`
 * per hit, nil when the index does not exist.
 * @see redis-search.md §1.7, §3
 */
export const searchQuery = defineCommand({
  name: "SEARCH.QUERY",
  group: "search",
  arity: -3,
  flags: ["readonly"],
  since: "1.0.0",
  summary: "Searches an index with a JSON filter; returns ranked keys with scores and content.",
  complexity: "O(M log M) for M matching documents",
  parse: (args) => ({
    name: args.string(),
    filter: binaryToUtf8(args.string()),
    options: parseQueryOptions(args.rest()),
  }),
  run: (ctx, { name, filter, options }) => {
    if ((ctx.session.inTransaction || ctx.session.inScript) && !options.noContent) {
      throw searchError("ERR SEARCH.QUERY inside MULTI or a script requires NOCONTENT");
    }
    const index = resolveIndex(ctx, name);
    if (index === undefined) {
      return reply.null();
    }
    const query = parseFilter(filter, index);
    checkRankingFields(options, index);
    // A lone term with no key that could have expired unseen ranks from its posting list.
    const matches =
      query.kind === "term" && indexDatabase(ctx, index).expiresCount === 0
        ? termMatches(index, query)
        : liveScores(ctx, index, evaluate(query, index));
    const hits = rank(matches, { index, query: options });
    const terms = options.highlight === undefined ? new Map() : highlightTerms(query);
    return reply.array(
      hits.map((hit) =>
        hitReply(hit, {
          index,
          db: indexDatabase(ctx, index),
          query: options,
          highlightTerms: terms,
        }),
      ),
    );
  },
});
