/**
 * SEARCH.QUERY's options (redis-search.md §3) and its reply: ranking (relevance, ORDERBY or
 * SCOREFUNC), paging, and each hit's content (the whole document, SELECTed fields, HIGHLIGHTed
 * text).
 */
import { asciiUpper, binaryToUtf8, utf8ToBinary } from "../bytes.ts";
import type { Database } from "../keyspace.ts";
import { type Reply, reply } from "../reply.ts";
import type { HashValue } from "../values/hash.ts";
import { jsonToBinary } from "../values/json/format.ts";
import { JsonDocument } from "../values/json/value.ts";
import { analyze } from "./analyzer.ts";
import {
  documentSource,
  type SourceObject,
  type SourceValue,
  streamEntrySource,
} from "./documents.ts";
import { searchError } from "./errors.ts";
import type { ScoredMatches } from "./query.ts";
import { textAnalysis } from "./schema.ts";
import type { SearchIndex } from "./search-index.ts";

export interface ScoreField {
  readonly field: string;
  readonly modifier: string;
  readonly factor: number;
  readonly missing: number;
}

export interface ScoreFunction {
  readonly scoreMode: "SUM" | "MULTIPLY" | "REPLACE";
  readonly combineMode: "SUM" | "MULTIPLY";
  readonly fields: readonly ScoreField[];
}

export interface QueryOptions {
  readonly limit: number;
  readonly offset: number;
  readonly orderBy: readonly { readonly field: string; readonly descending: boolean }[];
  readonly select: readonly string[] | undefined;
  readonly noContent: boolean;
  readonly highlight:
    | { readonly fields: readonly string[]; readonly open: string; readonly close: string }
    | undefined;
  readonly scoreFunction: ScoreFunction | undefined;
}

const QUERY_KEYWORDS = new Set([
  "LIMIT",
  "OFFSET",
  "ORDERBY",
  "SELECT",
  "NOCONTENT",
  "HIGHLIGHT",
  "SCOREFUNC",
]);
const MODIFIERS: Readonly<Record<string, (value: number) => number>> = {
  NONE: (value) => value,
  LOG: Math.log10,
  LOG1P: (value) => Math.log10(1 + value),
  LOG2P: (value) => Math.log10(2 + value),
  LN: Math.log,
  LN1P: (value) => Math.log(1 + value),
  LN2P: (value) => Math.log(2 + value),
  SQUARE: (value) => value * value,
  SQRT: Math.sqrt,
  RECIPROCAL: (value) => 1 / value,
};

/** Reads the options after the filter; any order, keywords case-insensitive. */
export function parseQueryOptions(args: readonly string[]): QueryOptions {
  let limit = 10;
  let offset = 0;
  const orderBy: { field: string; descending: boolean }[] = [];
  let select: string[] | undefined;
  let noContent = false;
  let highlight: QueryOptions["highlight"];
  let scoreFunction: ScoreFunction | undefined;
  let at = 0;
  const next = (what: string): string => {
    const value = args[at++];
    if (value === undefined) {
      throw searchError(`ERR Missing ${what}`);
    }
    return value;
  };
  const count = (what: string): number => {
    const value = Number(next(what));
    if (!Number.isInteger(value) || value < 0) {
      throw searchError(`ERR ${what} must be a non-negative integer`);
    }
    return value;
  };
  while (at < args.length) {
    const keyword = asciiUpper(next("option"));
    switch (keyword) {
      case "LIMIT": {
        const value = Number(next("LIMIT count"));
        if (!Number.isInteger(value) || value < 1 || value > 1000) {
          throw searchError("ERR limit should be a positive number less than 1000");
        }
        limit = value;
        break;
      }
      case "OFFSET": {
        const value = Number(next("OFFSET value"));
        if (!Number.isInteger(value) || value < 0 || value > 10000) {
          throw searchError("ERR offset should be a non-negative number not greater than 10000");
        }
        offset = value;
        break;
      }
      case "ORDERBY":
        do {
          const field = binaryToUtf8(next("ORDERBY field"));
          const direction = asciiUpper(args[at] ?? "");
          const descending = direction !== "ASC";
          if (direction === "ASC" || direction === "DESC") {
            at++;
          }
          orderBy.push({ field, descending });
        } while (at < args.length && !QUERY_KEYWORDS.has(asciiUpper(args[at] ?? "")));
        break;
      case "SELECT": {
        const n = count("SELECT count");
        select = [];
        for (let i = 0; i < n; i++) {
          select.push(binaryToUtf8(next("SELECT field")));
        }
        break;
      }
      case "NOCONTENT":
        noContent = true;
        break;
      case "HIGHLIGHT": {
        if (asciiUpper(next("FIELDS")) !== "FIELDS") {
          throw searchError("ERR HIGHLIGHT expects FIELDS <count> <field> ...");
        }
        const n = count("HIGHLIGHT FIELDS count");
        const fields: string[] = [];
        for (let i = 0; i < n; i++) {
          fields.push(binaryToUtf8(next("HIGHLIGHT field")));
        }
        let open = "<em>";
        let close = "</em>";
        if (asciiUpper(args[at] ?? "") === "TAGS") {
          at++;
          open = next("HIGHLIGHT open tag");
          close = next("HIGHLIGHT close tag");
        }
        highlight = { fields, open, close };
        break;
      }
      case "SCOREFUNC": {
        const parsed = parseScoreFunction(args.slice(at));
        scoreFunction = parsed.scoreFunction;
        at += parsed.used;
        break;
      }
      default:
        throw searchError(`ERR Unknown argument: ${keyword}`);
    }
  }
  if (noContent && (select !== undefined || highlight !== undefined)) {
    throw searchError("ERR NOCONTENT cannot be combined with SELECT or HIGHLIGHT");
  }
  if (scoreFunction !== undefined && orderBy.length > 0) {
    throw searchError("ERR SCOREFUNC cannot be combined with ORDERBY");
  }
  return { limit, offset, orderBy, select, noContent, highlight, scoreFunction };
}

function parseScoreFunction(args: readonly string[]): {
  scoreFunction: ScoreFunction;
  used: number;
} {
  let scoreMode: ScoreFunction["scoreMode"] = "SUM";
  let combineMode: ScoreFunction["combineMode"] = "SUM";
  const fields: ScoreField[] = [];
  let at = 0;
  const number = (what: string): number => {
    const value = Number(args[at++]);
    if (!Number.isFinite(value)) {
      throw searchError(`ERR SCOREFUNC ${what} must be a number`);
    }
    return value;
  };
  while (at < args.length) {
    const keyword = asciiUpper(args[at] ?? "");
    if (QUERY_KEYWORDS.has(keyword)) {
      break;
    }
    at++;
    const last = fields.at(-1);
    switch (keyword) {
      case "SCOREMODE": {
        const mode = asciiUpper(args[at++] ?? "");
        if (mode !== "SUM" && mode !== "MULTIPLY" && mode !== "REPLACE") {
          throw searchError("ERR SCOREMODE must be SUM, MULTIPLY or REPLACE");
        }
        scoreMode = mode;
        break;
      }
      case "COMBINEMODE": {
        const mode = asciiUpper(args[at++] ?? "");
        if (mode !== "SUM" && mode !== "MULTIPLY") {
          throw searchError("ERR COMBINEMODE must be SUM or MULTIPLY");
        }
        combineMode = mode;
        break;
      }
      case "FIELDVALUE": {
        const field = args[at++];
        if (field === undefined) {
          throw searchError("ERR Missing FIELDVALUE field");
        }
        fields.push({ field: binaryToUtf8(field), modifier: "NONE", factor: 1, missing: 0 });
        break;
      }
      case "MODIFIER":
      case "FACTOR":
      case "MISSING": {
        if (last === undefined) {
          throw searchError(`ERR ${keyword} must follow FIELDVALUE <field>`);
        }
        let updated: ScoreField;
        if (keyword === "MODIFIER") {
          const modifier = asciiUpper(args[at++] ?? "");
          if (MODIFIERS[modifier] === undefined) {
            throw searchError(`ERR Unknown MODIFIER: ${modifier}`);
          }
          updated = { ...last, modifier };
        } else if (keyword === "FACTOR") {
          updated = { ...last, factor: number("FACTOR") };
        } else {
          updated = { ...last, missing: number("MISSING") };
        }
        fields[fields.length - 1] = updated;
        break;
      }
      default:
        throw searchError(`ERR Unknown SCOREFUNC argument: ${keyword}`);
    }
  }
  if (fields.length === 0) {
    throw searchError("ERR SCOREFUNC needs at least one FIELDVALUE");
  }
  return { scoreFunction: { scoreMode, combineMode, fields }, used: at };
}

/** Checks the ORDERBY and SCOREFUNC fields against the schema (FAST, and numeric for SCOREFUNC). */
export function checkRankingFields(options: QueryOptions, index: SearchIndex): void {
  for (const { field } of options.orderBy) {
    if (index.fieldsByName.get(field)?.fast !== true) {
      throw searchError(`ERR ORDERBY field ${field} must be a FAST field`);
    }
  }
  for (const { field } of options.scoreFunction?.fields ?? []) {
    const definition = index.fieldsByName.get(field);
    if (definition?.fast !== true || !["U64", "I64", "F64"].includes(definition.type)) {
      throw searchError(`ERR SCOREFUNC field ${field} must be a FAST numeric field`);
    }
  }
}

function firstNumber(index: SearchIndex, field: string, id: number): number | undefined {
  const value = index.values.get(field)?.values.get(id)?.[0];
  return value === undefined ? undefined : Number(value);
}

function scoreFunctionValue(fn: ScoreFunction, index: SearchIndex, id: number): number {
  let combined: number | undefined;
  for (const field of fn.fields) {
    const modify = MODIFIERS[field.modifier] as (value: number) => number;
    const value = firstNumber(index, field.field, id);
    let result = value === undefined ? Number.NaN : modify(value);
    if (!Number.isFinite(result)) {
      result = modify(field.missing);
      if (!Number.isFinite(result)) {
        result = field.missing;
      }
    }
    result *= field.factor;
    combined =
      combined === undefined
        ? result
        : fn.combineMode === "SUM"
          ? combined + result
          : combined * result;
  }
  return combined ?? 0;
}

export interface Hit {
  readonly id: number;
  readonly key: string;
  readonly score: number;
}

type RankedHit = Hit & { readonly sortValues?: readonly (number | undefined)[] };

function hitOrder(query: QueryOptions): (a: RankedHit, b: RankedHit) => number {
  const byKey = (a: Hit, b: Hit): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  if (query.orderBy.length === 0) {
    return (a, b) => b.score - a.score || byKey(a, b);
  }
  return (a, b) => {
    for (const [i, { descending }] of query.orderBy.entries()) {
      const x = a.sortValues?.[i];
      const y = b.sortValues?.[i];
      if (x === y) {
        continue;
      }
      // Documents without the value sort last either way.
      if (x === undefined) {
        return 1;
      }
      if (y === undefined) {
        return -1;
      }
      return descending ? y - x : x - y;
    }
    return byKey(a, b);
  };
}

/**
 * The ranked, paged hits: only the best OFFSET + LIMIT are kept (a sorted window with binary
 * insertion), so a query matching many documents does not sort them all.
 */
export function rank(
  scores: ScoredMatches,
  options: { index: SearchIndex; query: QueryOptions },
): Hit[] {
  const { index, query } = options;
  const order = hitOrder(query);
  const wanted = query.offset + query.limit;
  const best: RankedHit[] = [];
  const fn = query.scoreFunction;
  const byRelevance = query.orderBy.length === 0 && fn === undefined;
  scores.forEach((relevance, id) => {
    // The common case decides on the number alone, before looking the key up.
    if (
      byRelevance &&
      best.length === wanted &&
      relevance < (best[wanted - 1] as RankedHit).score
    ) {
      return;
    }
    const key = index.keyOf(id) as string;
    let hit: RankedHit;
    if (query.orderBy.length > 0) {
      const sortValues = query.orderBy.map(({ field }) => firstNumber(index, field, id));
      hit = { id, key, score: sortValues[0] ?? Number.NaN, sortValues };
    } else if (fn === undefined) {
      hit = { id, key, score: relevance };
    } else {
      const value = scoreFunctionValue(fn, index, id);
      const score =
        fn.scoreMode === "SUM"
          ? relevance + value
          : fn.scoreMode === "MULTIPLY"
            ? relevance * value
            : value;
      hit = { id, key, score };
    }
    if (best.length === wanted && order(hit, best[wanted - 1] as RankedHit) >= 0) {
      return;
    }
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (order(best[middle] as RankedHit, hit) <= 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    best.splice(low, 0, hit);
    if (best.length > wanted) {
      best.pop();
    }
  });
  return best.slice(query.offset);
}

/** A score as the reply carries it: a bulk string of the number. */
export function scoreText(score: number): string {
  return Number.isNaN(score) ? "" : String(score);
}

function rawValueAt(source: SourceObject, path: string): SourceValue | undefined {
  if (path in source) {
    return source[path];
  }
  let current: SourceValue | undefined = source;
  for (const step of path.split(".")) {
    if (
      current === null ||
      typeof current !== "object" ||
      Array.isArray(current) ||
      !(step in current)
    ) {
      return undefined;
    }
    current = (current as SourceObject)[step];
  }
  return current;
}

function valueText(value: SourceValue): string {
  return utf8ToBinary(typeof value === "string" ? value : JSON.stringify(value));
}

/** Wraps the tokens of `text` whose terms the query searched for. */
function highlightText(
  text: string,
  options: {
    terms: ReadonlySet<string>;
    analysis: Parameters<typeof analyze>[1];
    open: string;
    close: string;
  },
): string {
  let result = "";
  let at = 0;
  for (const token of analyze(text, options.analysis)) {
    if (options.terms.has(token.term)) {
      result += `${text.slice(at, token.start)}${options.open}${text.slice(token.start, token.end)}${options.close}`;
      at = token.end;
    }
  }
  return result + text.slice(at);
}

function setPath(source: Record<string, SourceValue>, path: string, value: SourceValue): void {
  if (path in source) {
    source[path] = value;
    return;
  }
  const steps = path.split(".");
  let current: Record<string, SourceValue> = source;
  for (const step of steps.slice(0, -1)) {
    const next = current[step];
    if (next === null || typeof next !== "object" || Array.isArray(next)) {
      return;
    }
    current = next as Record<string, SourceValue>;
  }
  current[steps.at(-1) as string] = value;
}

/** `[f, v, f, v]` → `[[f, v], [f, v]]`. */
function pairs(flat: readonly string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    result.push([flat[i] as string, flat[i + 1] as string]);
  }
  return result;
}

/** One hit's reply: `[key, score]` or `[key, score, [[field, value], ...]]`. */
export function hitReply(
  hit: Hit,
  options: {
    index: SearchIndex;
    db: Database;
    query: QueryOptions;
    highlightTerms: ReadonlyMap<string, ReadonlySet<string>>;
  },
): Reply {
  const head = [reply.bulk(hit.key), reply.bulk(scoreText(hit.score))];
  if (options.query.noContent) {
    return reply.array(head);
  }
  const { definition } = options.index;
  // A STREAM index's document is an entry of its stream, the others' the key's value.
  const streamPairs =
    definition.stream === undefined ? undefined : options.index.streamEntry(hit.key);
  const value = definition.stream === undefined ? options.db.get(hit.key) : undefined;
  const source =
    streamPairs !== undefined
      ? streamEntrySource(streamPairs)
      : value === undefined
        ? undefined
        : documentSource(value, definition.dataType);
  if (source === undefined) {
    return reply.array([...head, reply.array([])]);
  }
  // Highlighting replaces a highlighted TEXT field's value (at its source path) with marked text.
  const highlighted = new Map<string, SourceValue>();
  for (const name of options.query.highlight?.fields ?? []) {
    const field = options.index.fieldsByName.get(name);
    const terms = options.highlightTerms.get(name);
    const raw = rawValueAt(source, field?.source ?? name);
    if (field?.type !== "TEXT" || terms === undefined || raw === undefined) {
      continue;
    }
    const mark = (item: SourceValue): SourceValue =>
      typeof item === "string"
        ? highlightText(item, {
            terms,
            analysis: textAnalysis(definition, field),
            open: binaryToUtf8(options.query.highlight?.open ?? ""),
            close: binaryToUtf8(options.query.highlight?.close ?? ""),
          })
        : item;
    highlighted.set(field.source, Array.isArray(raw) ? raw.map(mark) : mark(raw));
  }
  const pair = (name: string, text: string): Reply =>
    reply.array([reply.bulk(name), reply.bulk(text)]);
  const select = options.query.select;
  if (definition.dataType === "HASH" || streamPairs !== undefined) {
    // Field-value pairs: every field of the hash or the entry (values as stored), or SELECT's.
    const all =
      streamPairs === undefined ? [...(value as HashValue).entries()] : pairs(streamPairs);
    const entries =
      select === undefined
        ? all
        : select.flatMap((name): [string, string][] => {
            const field = utf8ToBinary(name);
            const found = all.find(([candidate]) => candidate === field);
            return found === undefined ? [] : [found];
          });
    return reply.array([
      ...head,
      reply.array(
        entries.map(([field, text]) => {
          const marked = highlighted.get(binaryToUtf8(field));
          return pair(field, marked === undefined ? text : valueText(marked));
        }),
      ),
    ]);
  }
  if (select !== undefined) {
    const items: Reply[] = [];
    for (const path of select) {
      const raw = highlighted.get(path) ?? rawValueAt(source, path);
      if (raw !== undefined) {
        items.push(pair(utf8ToBinary(path), valueText(raw)));
      }
    }
    return reply.array([...head, reply.array(items)]);
  }
  let whole: string;
  if (highlighted.size > 0) {
    const copy = structuredClone(source) as Record<string, SourceValue>;
    for (const [path, marked] of highlighted) {
      setPath(copy, path, marked);
    }
    whole = utf8ToBinary(JSON.stringify(copy));
  } else {
    whole = value instanceof JsonDocument ? jsonToBinary(value.root) : (value as string);
  }
  return reply.array([...head, reply.array([pair("$", whole)])]);
}
