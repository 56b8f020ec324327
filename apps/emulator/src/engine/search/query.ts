/**
 * The JSON query language (redis-search.md §2): parsing a filter into a query tree, then
 * evaluating it against an index into document → score.
 *
 * Scoring follows Tantivy: term and phrase clauses score BM25 (k1 1.2, b 0.75, idf
 * ln(1 + (N - n + 0.5) / (n + 0.5)), weight idf·(1 + k1), N the index's document count); fuzzy,
 * regex and value clauses (numbers, dates, booleans, keywords, facets, ranges) score a constant 1;
 * boolean clauses add their matching children's scores; `$boost` multiplies. Tantivy's field
 * lengths are quantised to one byte (fieldnorm ids); here they are exact, so scores of long fields
 * differ slightly from the service's while the order they give is the same.
 */
import { queryTerms, type TextAnalysis } from "./analyzer.ts";
import { type FieldValue, normaliseFacet, parseDate } from "./documents.ts";
import { searchError } from "./errors.ts";
import { type PostingList, positionList, termFrequency } from "./postings.ts";
import { type FieldDefinition, NUMERIC_TYPES, textAnalysis } from "./schema.ts";
import type { SearchIndex, TextField, ValueField } from "./search-index.ts";

export type Query =
  | { readonly kind: "all"; readonly boost: number }
  | { readonly kind: "term"; readonly field: string; readonly term: string; readonly boost: number }
  | {
      readonly kind: "phrase";
      readonly field: string;
      readonly terms: readonly string[];
      readonly slop: number;
      readonly prefix: boolean;
      readonly boost: number;
    }
  | {
      readonly kind: "fuzzy";
      readonly field: string;
      readonly term: string;
      readonly distance: number;
      readonly transpositionCostOne: boolean;
      readonly prefix: boolean;
      readonly boost: number;
    }
  | {
      readonly kind: "regex";
      readonly field: string;
      readonly pattern: RegExp;
      readonly boost: number;
    }
  | {
      readonly kind: "value";
      readonly field: string;
      readonly test: ValueTest;
      readonly boost: number;
    }
  | {
      readonly kind: "bool";
      readonly must: readonly Query[];
      readonly should: readonly Query[];
      readonly mustNot: readonly Query[];
      readonly boost: number;
    };

/** A value clause: an exact value (found through the value → documents table) or a predicate. */
export type ValueTest =
  | { readonly kind: "eq"; readonly value: FieldValue }
  | {
      readonly kind: "range";
      readonly matches: (value: FieldValue) => boolean;
      /** For numeric and DATE fields: the tightest bounds, for a binary search of the column. */
      readonly numeric: NumericRange | undefined;
    };

export interface NumericRange {
  readonly low: number;
  readonly lowInclusive: boolean;
  readonly high: number;
  readonly highInclusive: boolean;
}

type Json = null | boolean | number | string | Json[] | { readonly [key: string]: Json };

const K1 = 1.2;
const B = 0.75;
/** Smart matching's boosts (undocumented; only their order matters, redis-search.md §2.3). */
const SMART_PHRASE_BOOST = 4;
const SMART_SLOP_BOOST = 2;
const SMART_TERM_BOOST = 2;
const SMART_SLOP = 2;
/** Tantivy's PhrasePrefixQuery expands the last term to at most this many terms. */
const MAX_PREFIX_EXPANSIONS = 50;

// ---- parsing ------------------------------------------------------------------------------------

/** Parses a filter (JSON text, already UTF-8 decoded) for `index`. */
export function parseFilter(text: string, index: SearchIndex): Query {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw searchError("ERR Invalid JSON filter");
  }
  if (!isObject(parsed)) {
    throw searchError("ERR Filter must be a JSON object");
  }
  return parseObject(parsed, index);
}

function isObject(value: unknown): value is { readonly [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseObject(object: { readonly [key: string]: Json }, index: SearchIndex): Query {
  const must: Query[] = [];
  const should: Query[] = [];
  const mustNot: Query[] = [];
  let boost = 1;
  for (const [key, value] of Object.entries(object)) {
    switch (key) {
      case "$must":
      case "$and":
        must.push(...parseClauses(value, index));
        break;
      case "$should":
      case "$or":
        should.push(...parseClauses(value, index));
        break;
      case "$mustNot":
        mustNot.push(...parseClauses(value, index));
        break;
      case "$boost":
        boost = boostValue(value);
        break;
      case "$ann":
      case "$rrf":
        // The hybrid-search retrievers need HYBRID fields, which need the service's embeddings.
        throw searchError(
          `ERR ${key} needs HYBRID fields, which the emulator does not support (no embedding model)`,
        );
      default:
        if (key.startsWith("$")) {
          throw searchError(`ERR Unknown operator: ${key}`);
        }
        must.push(parseField(key, value, index));
    }
  }
  if (must.length === 0 && should.length === 0 && mustNot.length === 0) {
    return { kind: "all", boost };
  }
  if (must.length === 1 && should.length === 0 && mustNot.length === 0 && boost === 1) {
    return must[0] as Query;
  }
  return { kind: "bool", must, should, mustNot, boost };
}

/** A boolean operator's operand: an object (each key a clause) or an array of filters. */
function parseClauses(value: Json, index: SearchIndex): Query[] {
  if (Array.isArray(value)) {
    return value.map((item) => {
      if (!isObject(item)) {
        throw searchError("ERR Boolean operator array elements must be JSON objects");
      }
      return parseObject(item, index);
    });
  }
  if (!isObject(value)) {
    throw searchError("ERR Boolean operators take a JSON object or an array of objects");
  }
  const clauses: Query[] = [];
  let boost = 1;
  for (const [key, item] of Object.entries(value)) {
    if (key === "$boost") {
      boost = boostValue(item);
    } else {
      clauses.push(parseObject({ [key]: item }, index));
    }
  }
  return boost === 1 ? clauses : clauses.map((clause) => withBoost(clause, boost));
}

function withBoost(query: Query, boost: number): Query {
  return { ...query, boost: query.boost * boost };
}

function boostValue(value: Json): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw searchError("ERR $boost must be a number");
  }
  return value;
}

function fieldOf(name: string, index: SearchIndex): FieldDefinition {
  const field = index.fieldsByName.get(name);
  if (field === undefined) {
    throw searchError(`ERR Unknown field: ${name}`);
  }
  return field;
}

const RANGE_OPERATORS = new Set(["$gt", "$gte", "$lt", "$lte"]);

function parseField(name: string, value: Json, index: SearchIndex): Query {
  const field = fieldOf(name, index);
  if (!isObject(value)) {
    return smart(field, value, index);
  }
  const positive: Query[] = [];
  const negative: Query[] = [];
  const bounds: [string, Json][] = [];
  let boost = 1;
  for (const [op, operand] of Object.entries(value)) {
    if (RANGE_OPERATORS.has(op)) {
      bounds.push([op, operand]);
      continue;
    }
    switch (op) {
      case "$boost":
        boost = boostValue(operand);
        break;
      case "$smart":
        positive.push(smart(field, operand, index));
        break;
      case "$eq":
        positive.push(equals(field, operand, index));
        break;
      case "$ne":
        negative.push(equals(field, operand, index));
        break;
      case "$in":
        if (!Array.isArray(operand)) {
          throw searchError(`ERR $in expects an array for field ${field.name}`);
        }
        positive.push({
          kind: "bool",
          must: [],
          should: operand.map((item) => equals(field, item, index)),
          mustNot: [],
          boost: 1,
        });
        break;
      case "$fuzzy":
        positive.push(fuzzy(field, operand, index));
        break;
      case "$phrase":
        positive.push(phrase(field, operand, index));
        break;
      case "$regex":
        positive.push(regex(field, operand));
        break;
      default:
        throw searchError(`ERR Unknown field operator: ${op}`);
    }
  }
  if (bounds.length > 0) {
    positive.push(range(field, bounds));
  }
  if (positive.length === 1 && negative.length === 0) {
    return withBoost(positive[0] as Query, boost);
  }
  return { kind: "bool", must: positive, should: [], mustNot: negative, boost };
}

function analysisOf(field: FieldDefinition, index: SearchIndex): TextAnalysis {
  return textAnalysis(index.definition, field);
}

function requireText(field: FieldDefinition, op: string): void {
  if (field.type !== "TEXT") {
    throw searchError(
      `ERR Operator ${op} is only supported on TEXT fields, not ${field.type} field ${field.name}`,
    );
  }
}

/** A bare value: TEXT fields match it smartly (§2.3), others by equality. */
function smart(field: FieldDefinition, value: Json, index: SearchIndex): Query {
  if (field.type !== "TEXT") {
    return equals(field, value, index);
  }
  const text = textOperand(field, value);
  const quoted = /^\s*"(.*)"\s*$/s.exec(text);
  const analysis = analysisOf(field, index);
  if (quoted !== null) {
    return phraseOf(field.name, {
      terms: queryTerms(quoted[1] as string, analysis),
      slop: 0,
      prefix: false,
    });
  }
  const terms = queryTerms(text, analysis);
  const last = terms.at(-1);
  if (last === undefined) {
    return none();
  }
  const fuzzyOf = (term: string, prefix: boolean): Query => ({
    kind: "fuzzy",
    field: field.name,
    term,
    distance: 1,
    transpositionCostOne: true,
    prefix,
    boost: 1,
  });
  if (terms.length === 1) {
    return {
      kind: "bool",
      must: [],
      should: [
        { kind: "term", field: field.name, term: last, boost: SMART_TERM_BOOST },
        fuzzyOf(last, false),
        fuzzyOf(last, true),
      ],
      mustNot: [],
      boost: 1,
    };
  }
  return {
    kind: "bool",
    must: [],
    should: [
      withBoost(phraseOf(field.name, { terms, slop: 0, prefix: false }), SMART_PHRASE_BOOST),
      withBoost(phraseOf(field.name, { terms, slop: SMART_SLOP, prefix: false }), SMART_SLOP_BOOST),
      ...terms.map(
        (term): Query => ({ kind: "term", field: field.name, term, boost: SMART_TERM_BOOST }),
      ),
      ...terms.map((term) => fuzzyOf(term, false)),
      fuzzyOf(last, true),
    ],
    mustNot: [],
    boost: 1,
  };
}

function none(): Query {
  return { kind: "bool", must: [], should: [], mustNot: [], boost: 1 };
}

function phraseOf(
  field: string,
  options: { terms: readonly string[]; slop: number; prefix: boolean },
): Query {
  if (options.terms.length === 0) {
    return none();
  }
  if (options.terms.length === 1 && !options.prefix) {
    return { kind: "term", field, term: options.terms[0] as string, boost: 1 };
  }
  return { kind: "phrase", field, ...options, boost: 1 };
}

function textOperand(field: FieldDefinition, value: Json): string {
  if (typeof value === "string") {
    return value;
  }
  if (typeof value === "number" || typeof value === "boolean") {
    return String(value);
  }
  throw searchError(`ERR Invalid value for TEXT field ${field.name}: expected a string`);
}

/** `$eq`: TEXT one word → term, several → phrase; other types: the exact value. */
function equals(field: FieldDefinition, value: Json, index: SearchIndex): Query {
  if (field.type === "TEXT") {
    const terms = queryTerms(textOperand(field, value), analysisOf(field, index));
    return phraseOf(field.name, { terms, slop: 0, prefix: false });
  }
  return {
    kind: "value",
    field: field.name,
    test: { kind: "eq", value: operandValue(field, value) },
    boost: 1,
  };
}

/** A query operand as a value of the field's type (the same parsing as documents). */
function operandValue(field: FieldDefinition, value: Json): FieldValue {
  const invalid = (expected: string): never => {
    throw searchError(
      `ERR Invalid value for ${field.type} field ${field.name}: expected ${expected}`,
    );
  };
  if (NUMERIC_TYPES.has(field.type)) {
    const number =
      typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
    return Number.isFinite(number) ? number : invalid("a number");
  }
  switch (field.type) {
    case "BOOL":
      if (typeof value === "boolean") {
        return value;
      }
      return value === "true" ? true : value === "false" ? false : invalid("a boolean");
    case "DATE": {
      if (typeof value === "number") {
        return value;
      }
      const ms = typeof value === "string" ? parseDate(value) : undefined;
      return ms ?? invalid("an RFC 3339 date");
    }
    case "FACET":
      return typeof value === "string" && value.startsWith("/")
        ? normaliseFacet(value)
        : invalid("a facet path starting with /");
    default:
      return typeof value === "string" ? value : invalid("a string");
  }
}

function range(field: FieldDefinition, bounds: readonly [string, Json][]): Query {
  if (field.type === "TEXT" || field.type === "BOOL" || field.type === "FACET") {
    throw searchError(`ERR Range operators are not supported on ${field.type} field ${field.name}`);
  }
  const checks = bounds.map(([op, operand]) => {
    const bound = operandValue(field, operand);
    switch (op) {
      case "$gt":
        return (value: FieldValue) => value > bound;
      case "$gte":
        return (value: FieldValue) => value >= bound;
      case "$lt":
        return (value: FieldValue) => value < bound;
      default:
        return (value: FieldValue) => value <= bound;
    }
  });
  return {
    kind: "value",
    field: field.name,
    test: {
      kind: "range",
      matches: (value) => checks.every((check) => check(value)),
      numeric: field.type === "KEYWORD" ? undefined : numericRange(field, bounds),
    },
    boost: 1,
  };
}

function numericRange(field: FieldDefinition, bounds: readonly [string, Json][]): NumericRange {
  let range: NumericRange = {
    low: Number.NEGATIVE_INFINITY,
    lowInclusive: true,
    high: Number.POSITIVE_INFINITY,
    highInclusive: true,
  };
  for (const [op, operand] of bounds) {
    const bound = operandValue(field, operand) as number;
    const inclusive = op === "$gte" || op === "$lte";
    if (op === "$gt" || op === "$gte") {
      if (bound > range.low || (bound === range.low && !inclusive)) {
        range = { ...range, low: bound, lowInclusive: inclusive };
      }
    } else if (bound < range.high || (bound === range.high && !inclusive)) {
      range = { ...range, high: bound, highInclusive: inclusive };
    }
  }
  return range;
}

function fuzzy(field: FieldDefinition, operand: Json, index: SearchIndex): Query {
  requireText(field, "$fuzzy");
  let text: Json = operand;
  let distance = 1;
  let transpositionCostOne = true;
  let prefix = false;
  if (isObject(operand)) {
    text = operand["value"] ?? operand["term"] ?? null;
    if (operand["distance"] !== undefined) {
      distance = operand["distance"] as number;
      if (!Number.isInteger(distance) || distance < 0 || distance > 2) {
        throw searchError("ERR Fuzzy distance must be 0, 1 or 2");
      }
    }
    if (operand["transpositionCostOne"] !== undefined) {
      transpositionCostOne = operand["transpositionCostOne"] === true;
    }
    prefix = operand["prefix"] === true;
  }
  if (typeof text !== "string") {
    throw searchError(
      "ERR $fuzzy expects a string or {value, distance?, transpositionCostOne?, prefix?}",
    );
  }
  const terms = queryTerms(text, analysisOf(field, index));
  const clauses = terms.map(
    (term): Query => ({
      kind: "fuzzy",
      field: field.name,
      term,
      distance,
      transpositionCostOne,
      prefix,
      boost: 1,
    }),
  );
  return clauses.length === 1
    ? (clauses[0] as Query)
    : { kind: "bool", must: clauses, should: [], mustNot: [], boost: 1 };
}

function phrase(field: FieldDefinition, operand: Json, index: SearchIndex): Query {
  requireText(field, "$phrase");
  let text: Json = operand;
  let slop = 0;
  let prefix = false;
  if (isObject(operand)) {
    text = operand["value"] ?? operand["query"] ?? null;
    if (operand["slop"] !== undefined) {
      slop = operand["slop"] as number;
      if (!Number.isInteger(slop) || slop < 0) {
        throw searchError("ERR Phrase slop must be a non-negative integer");
      }
    }
    prefix = operand["prefix"] === true;
    if (prefix && slop > 0) {
      throw searchError("ERR Phrase slop and prefix cannot be used together");
    }
  }
  if (typeof text !== "string") {
    throw searchError("ERR $phrase expects a string or {value, slop?} or {value, prefix?}");
  }
  return phraseOf(field.name, { terms: queryTerms(text, analysisOf(field, index)), slop, prefix });
}

function regex(field: FieldDefinition, operand: Json): Query {
  requireText(field, "$regex");
  if (typeof operand !== "string") {
    throw searchError("ERR $regex expects a pattern string");
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^(?:${operand})$`, "u");
  } catch {
    throw searchError(`ERR Invalid regex: ${operand}`);
  }
  return { kind: "regex", field: field.name, pattern, boost: 1 };
}

// ---- evaluation ---------------------------------------------------------------------------------

export type Scores = Map<number, number>;

/** What ranking reads: each match with its score (a `Scores` map, or a term's posting list). */
export interface ScoredMatches {
  forEach(visit: (score: number, id: number) => void): void;
}

/**
 * A term query's matches read straight from its posting list: ranking the thousands of documents
 * a common term matches needs no map of their scores.
 */
export function termMatches(
  index: SearchIndex,
  query: { field: string; term: string; boost: number },
): ScoredMatches {
  const scorer = termScorer(index, query);
  return {
    forEach: (visit) => {
      if (scorer === undefined) {
        return;
      }
      const { postings, score } = scorer;
      for (let at = 0; at < postings.size; at++) {
        visit(score(at), postings.idAt(at));
      }
    },
  };
}

/** Every matching document with its relevance score. */
export function evaluate(query: Query, index: SearchIndex): Scores {
  switch (query.kind) {
    case "all": {
      const scores: Scores = new Map();
      for (const id of index.documentIds()) {
        scores.set(id, query.boost);
      }
      return scores;
    }
    case "term":
      return termScores(index, query);
    case "phrase":
      return phraseScores(index, query);
    case "fuzzy":
      return constantScores(
        matchingTerms(textField(index, query.field), (term) => fuzzyMatches(query, term)),
        { index, field: query.field, boost: query.boost },
      );
    case "regex":
      return constantScores(
        matchingTerms(textField(index, query.field), (term) => query.pattern.test(term)),
        { index, field: query.field, boost: query.boost },
      );
    case "value":
      return valueScores(index, query);
    case "bool":
      return boolScores(index, query);
  }
}

function textField(index: SearchIndex, name: string): TextField {
  return index.text.get(name) as TextField;
}

function idf(documents: number, total: number): number {
  return Math.log(1 + (total - documents + 0.5) / (documents + 0.5));
}

function bm25(options: { weight: number; tf: number; length: number; average: number }): number {
  const norm = K1 * (1 - B + (B * options.length) / options.average);
  return (options.weight * options.tf) / (options.tf + norm);
}

/** A term clause's posting list and the BM25 score of its `at`-th entry. */
function termScorer(
  index: SearchIndex,
  query: { field: string; term: string; boost: number },
): { postings: PostingList; score: (at: number) => number } | undefined {
  const field = textField(index, query.field);
  const postings = field.postings.get(query.term);
  if (postings === undefined) {
    return undefined;
  }
  const total = index.size;
  const average = field.totalTokens / total || 1;
  const weight = idf(postings.size, total) * (1 + K1) * query.boost;
  const lengths = field.lengths;
  return {
    postings,
    score: (at) =>
      bm25({
        weight,
        tf: termFrequency(postings.positionsAt(at)),
        length: lengths[postings.idAt(at)] ?? 0,
        average,
      }),
  };
}

function termScores(
  index: SearchIndex,
  query: { field: string; term: string; boost: number },
): Scores {
  const scores: Scores = new Map();
  const scorer = termScorer(index, query);
  if (scorer === undefined) {
    return scores;
  }
  const { postings, score } = scorer;
  for (let at = 0; at < postings.size; at++) {
    scores.set(postings.idAt(at), score(at));
  }
  return scores;
}

function phraseScores(
  index: SearchIndex,
  query: { field: string; terms: readonly string[]; slop: number; prefix: boolean; boost: number },
): Scores {
  const field = textField(index, query.field);
  const scores: Scores = new Map();
  const fixed = query.prefix ? query.terms.slice(0, -1) : query.terms;
  const lists: PostingList[] = [];
  for (const term of fixed) {
    const postings = field.postings.get(term);
    if (postings === undefined) {
      return scores;
    }
    lists.push(postings);
  }
  const last = query.terms.at(-1) as string;
  const expansions = query.prefix ? prefixExpansions(field, last) : [];
  if (query.prefix && expansions.length === 0) {
    return scores;
  }
  const total = index.size;
  const average = field.totalTokens / total || 1;
  // A prefix phrase of one word has no fixed term to weigh: it scores like one average term.
  const idfSum =
    fixed.reduce((sum, _, i) => sum + idf((lists[i] as PostingList).size, total), 0) || 1;
  const weight = idfSum * (1 + K1) * query.boost;
  const smallest = lists.reduce<PostingList | undefined>(
    (best, list) => (best === undefined || list.size < best.size ? list : best),
    undefined,
  );
  const candidates = smallest?.ids() ?? unionKeys(expansions);
  for (const id of candidates) {
    const positions: (readonly number[])[] = [];
    let isCandidate = true;
    for (const list of lists) {
      const found = list.get(id);
      if (found === undefined) {
        isCandidate = false;
        break;
      }
      positions.push(positionList(found));
    }
    if (!isCandidate) {
      continue;
    }
    if (query.prefix) {
      const merged = expansions
        .flatMap((postings) => {
          const found = postings.get(id);
          return found === undefined ? [] : positionList(found);
        })
        .sort((a, b) => a - b);
      if (merged.length === 0) {
        continue;
      }
      positions.push(merged);
    }
    const tf = phraseFrequency(positions, query.slop);
    if (tf > 0) {
      scores.set(id, bm25({ weight, tf, length: field.lengths[id] ?? 0, average }));
    }
  }
  return scores;
}

function* unionKeys(lists: readonly PostingList[]): Generator<number> {
  const seen = new Set<number>();
  for (const list of lists) {
    for (const id of list.ids()) {
      if (!seen.has(id)) {
        seen.add(id);
        yield id;
      }
    }
  }
}

function prefixExpansions(field: TextField, prefix: string): PostingList[] {
  const expansions: PostingList[] = [];
  for (const [term, postings] of field.postings) {
    if (term.startsWith(prefix)) {
      expansions.push(postings);
      if (expansions.length === MAX_PREFIX_EXPANSIONS) {
        break;
      }
    }
  }
  return expansions;
}

/**
 * How many starts of the phrase the positions hold: each next term at a later position, the gaps
 * together at most `slop` (0: adjacent, in order).
 */
export function phraseFrequency(positions: readonly (readonly number[])[], slop: number): number {
  let count = 0;
  for (const start of positions[0] ?? []) {
    let previous = start;
    let moved = 0;
    let matched = true;
    for (let i = 1; i < positions.length; i++) {
      const next = (positions[i] as readonly number[]).find((position) => position > previous);
      if (next === undefined) {
        matched = false;
        break;
      }
      moved += next - previous - 1;
      if (moved > slop) {
        matched = false;
        break;
      }
      previous = next;
    }
    if (matched) {
      count++;
    }
  }
  return count;
}

function matchingTerms(field: TextField, matches: (term: string) => boolean): PostingList[] {
  const lists: PostingList[] = [];
  for (const [term, postings] of field.postings) {
    if (matches(term)) {
      lists.push(postings);
    }
  }
  return lists;
}

function constantScores(
  lists: readonly PostingList[],
  options: { index: SearchIndex; field: string; boost: number },
): Scores {
  const scores: Scores = new Map();
  for (const list of lists) {
    for (const id of list.ids()) {
      scores.set(id, options.boost);
    }
  }
  return scores;
}

function fuzzyMatches(
  query: { term: string; distance: number; transpositionCostOne: boolean; prefix: boolean },
  term: string,
): boolean {
  if (!query.prefix && Math.abs(term.length - query.term.length) > query.distance) {
    return false;
  }
  return editDistance(query.term, term, query) <= query.distance;
}

/**
 * Levenshtein distance of `query` to `term` (or to the closest prefix of `term` when `prefix`),
 * an adjacent transposition costing 1 when `transpositionCostOne`, else 2 (two substitutions).
 */
export function editDistance(
  query: string,
  term: string,
  options: { transpositionCostOne: boolean; prefix: boolean },
): number {
  // Code points, so a character outside the BMP counts once (as Tantivy's Levenshtein automaton).
  const a = codePoints(query);
  const b = codePoints(term);
  const width = b.length + 1;
  // Three rows, reused: the one before the previous (transpositions), the previous, the current.
  let before = new Int32Array(width);
  let previous = new Int32Array(width);
  let current = new Int32Array(width);
  for (let j = 0; j < width; j++) {
    previous[j] = j;
  }
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const ai = a[i - 1];
    for (let j = 1; j < width; j++) {
      const cost = ai === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (
        options.transpositionCostOne &&
        i > 1 &&
        j > 1 &&
        ai === b[j - 2] &&
        a[i - 2] === b[j - 1]
      ) {
        best = Math.min(best, (before[j - 2] as number) + 1);
      }
      current[j] = best;
    }
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  if (!options.prefix) {
    return previous[b.length] as number;
  }
  let smallest = previous[0] as number;
  for (let j = 1; j < width; j++) {
    smallest = Math.min(smallest, previous[j] as number);
  }
  return smallest;
}

/** The code points of `text` (its UTF-16 units when it has no surrogate pair: the common case). */
function codePoints(text: string): Int32Array {
  let hasPair = false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      hasPair = true;
      break;
    }
  }
  if (!hasPair) {
    const units = new Int32Array(text.length);
    for (let i = 0; i < text.length; i++) {
      units[i] = text.charCodeAt(i);
    }
    return units;
  }
  return Int32Array.from(text, (character) => character.codePointAt(0) as number);
}

function valueScores(
  index: SearchIndex,
  query: { field: string; test: ValueTest; boost: number },
): Scores {
  const table = index.values.get(query.field) as ValueField;
  const scores: Scores = new Map();
  if (query.test.kind === "eq") {
    for (const id of table.idsWith(query.test.value)) {
      scores.set(id, query.boost);
    }
    return scores;
  }
  const { matches, numeric } = query.test;
  const inRange = numeric === undefined ? undefined : table.idsInRange(numeric);
  if (inRange !== undefined) {
    for (const id of inRange) {
      scores.set(id, query.boost);
    }
    return scores;
  }
  for (const [id, values] of table.values) {
    if (values.some(matches)) {
      scores.set(id, query.boost);
    }
  }
  return scores;
}

function boolScores(
  index: SearchIndex,
  query: {
    must: readonly Query[];
    should: readonly Query[];
    mustNot: readonly Query[];
    boost: number;
  },
): Scores {
  let scores: Scores;
  if (query.must.length > 0) {
    const musts = query.must
      .map((clause) => requiredClause(clause, index))
      .sort((a, b) => a.size - b.size);
    const [first, ...others] = musts as [RequiredClause, ...RequiredClause[]];
    const smallest = first.scores ?? evaluate(first.query, index);
    // Walk the smallest set and look the others up: no copy of a large set to delete from, and a
    // term clause is looked up in its posting list without building its score map at all.
    scores = new Map();
    for (const [id, score] of smallest) {
      let total = score;
      let isMatch = true;
      for (const other of others) {
        const add = other.scoreOf(id);
        if (add === undefined) {
          isMatch = false;
          break;
        }
        total += add;
      }
      if (isMatch) {
        scores.set(id, total);
      }
    }
    for (const clause of query.should) {
      for (const [id, add] of evaluate(clause, index)) {
        const score = scores.get(id);
        if (score !== undefined) {
          scores.set(id, score + add);
        }
      }
    }
  } else if (query.should.length > 0) {
    scores = new Map();
    for (const clause of query.should) {
      for (const [id, add] of evaluate(clause, index)) {
        scores.set(id, (scores.get(id) ?? 0) + add);
      }
    }
  } else {
    // Only exclusions: nothing to exclude from (redis-search.md §2.4).
    return new Map();
  }
  for (const clause of query.mustNot) {
    for (const id of evaluate(clause, index).keys()) {
      scores.delete(id);
    }
  }
  if (query.boost !== 1) {
    for (const [id, score] of scores) {
      scores.set(id, score * query.boost);
    }
  }
  return scores;
}

/** A `$must` clause: how many documents it matches and each one's score. */
interface RequiredClause {
  readonly query: Query;
  readonly size: number;
  /** Its evaluated scores, unless it is a term clause (then `scoreOf` reads the posting list). */
  readonly scores: Scores | undefined;
  readonly scoreOf: (id: number) => number | undefined;
}

function requiredClause(query: Query, index: SearchIndex): RequiredClause {
  if (query.kind === "term") {
    const scorer = termScorer(index, query);
    if (scorer === undefined) {
      return { query, size: 0, scores: new Map(), scoreOf: () => undefined };
    }
    const { postings, score } = scorer;
    return {
      query,
      size: postings.size,
      scores: undefined,
      scoreOf: (id) => {
        const at = postings.indexOf(id);
        return at < 0 ? undefined : score(at);
      },
    };
  }
  const scores = evaluate(query, index);
  return { query, size: scores.size, scores, scoreOf: (id) => scores.get(id) };
}

/** Per TEXT field, the terms of the query's term and phrase clauses (what HIGHLIGHT marks). */
export function highlightTerms(
  query: Query,
  into = new Map<string, Set<string>>(),
): Map<string, Set<string>> {
  switch (query.kind) {
    case "term":
    case "phrase": {
      let terms = into.get(query.field);
      if (terms === undefined) {
        terms = new Set();
        into.set(query.field, terms);
      }
      for (const term of query.kind === "term" ? [query.term] : query.terms) {
        terms.add(term);
      }
      break;
    }
    case "bool":
      for (const clause of [...query.must, ...query.should]) {
        highlightTerms(clause, into);
      }
      break;
    default:
      break;
  }
  return into;
}
