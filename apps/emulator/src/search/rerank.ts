/**
 * The offline re-ranker behind `reranking: true` (search-wire.md §3.2, §5). The service runs a
 * hosted cross-encoder; the emulator must stay offline and deterministic, so it scores how
 * literally a document answers the query, which is what a cross-encoder rewards most visibly:
 *
 * - **phrase** (weight 0.5): the whole query, lower-cased and with runs of non-word characters
 *   collapsed, occurs in the document text — an exact phrase match goes first;
 * - **coverage** (0.3): the share of the query's distinct terms (stemmed, stop words dropped)
 *   that the document contains;
 * - **order** (0.2): the share of the query's adjacent term pairs that also occur adjacent, in
 *   that order, in the document.
 *
 * The re-ranked score is `0.7 · relevance + 0.3 · fused`, so the hybrid score still breaks ties
 * and orders documents the re-ranker finds equal. Scores stay in 0..1. Same input, same output.
 */
import { STOP_WORDS, stem, words } from "../vector/embed/index.ts";

const PHRASE_WEIGHT = 0.5;
const COVERAGE_WEIGHT = 0.3;
const ORDER_WEIGHT = 0.2;
const RELEVANCE_SHARE = 0.7;

/** The query, analysed once for every candidate. */
export interface RerankQuery {
  readonly phrase: string;
  readonly terms: ReadonlySet<string>;
  readonly pairs: readonly string[];
}

export function analyseQuery(query: string): RerankQuery {
  const all = words(query);
  const kept = all.filter((word) => !STOP_WORDS.has(word)).map(stem);
  const pairs: string[] = [];
  for (let i = 1; i < kept.length; i++) {
    pairs.push(`${kept[i - 1]} ${kept[i]}`);
  }
  return { phrase: all.join(" "), terms: new Set(kept), pairs };
}

/** How literally `text` answers the query, 0..1. */
export function relevance(query: RerankQuery, text: string): number {
  const all = words(text);
  const phrase = query.phrase !== "" && ` ${all.join(" ")} `.includes(` ${query.phrase} `);
  const kept = all.filter((word) => !STOP_WORDS.has(word)).map(stem);
  const present = new Set(kept);
  let covered = 0;
  for (const term of query.terms) {
    if (present.has(term)) {
      covered++;
    }
  }
  const coverage = query.terms.size === 0 ? 0 : covered / query.terms.size;
  let order = 0;
  if (query.pairs.length > 0) {
    const adjacent = new Set<string>();
    for (let i = 1; i < kept.length; i++) {
      adjacent.add(`${kept[i - 1]} ${kept[i]}`);
    }
    order = query.pairs.filter((pair) => adjacent.has(pair)).length / query.pairs.length;
  } else {
    order = coverage;
  }
  return (phrase ? PHRASE_WEIGHT : 0) + COVERAGE_WEIGHT * coverage + ORDER_WEIGHT * order;
}

/** The re-ranked score of a candidate whose hybrid score is `fused`. */
export function rerankedScore(relevanceScore: number, fused: number): number {
  return RELEVANCE_SHARE * relevanceScore + (1 - RELEVANCE_SHARE) * fused;
}
