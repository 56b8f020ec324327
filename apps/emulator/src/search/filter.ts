/**
 * Search filters (search-wire.md §4): the vector filter language, where a bare path names a field
 * of `content` and `@metadata.<path>` a field of `metadata`. A search filter is translated into a
 * vector filter over the stored layout `{ content, metadata }` (document.ts), so the vector index
 * evaluates it as any other (`VectorIndex.plan`, `idsMatching`, with their compiled-filter cache):
 *
 * 1. every `@metadata.` outside a quoted string becomes {@link METADATA_MARKER}, an identifier of
 *    the same length, since the vector lexer does not know `@` (error columns stay right);
 * 2. the vector parser parses it (a syntax error is a 422 in its words, `@metadata` put back);
 * 3. every path is re-rooted — `metadata.…` for marked paths, `content.…` for the rest — and the
 *    expression is printed back as vector filter text.
 */
import { validationError } from "../vector/errors.ts";
import {
  type FieldPath,
  type FilterExpression,
  type FilterLiteral,
  FilterSyntaxError,
  parseFilter,
} from "../vector/filter/index.ts";

const METADATA_PREFIX = "@metadata.";
/**
 * Nine characters, as `@metadata`: a content field with exactly this name cannot be filtered on
 * (a documented limit; it reads as metadata).
 */
const METADATA_MARKER = "_x40meta_";
const CACHE_SIZE = 512;

/**
 * `$fuzzy` (Levenshtein matching with `distance`, `transpositionCostOne`, `prefix`) is an operator
 * of Redis Search's JSON queries (upstash.com/docs/redis/search/query-operators/field-operators/
 * fuzzy); the search filter language (upstash.com/docs/search/features/filtering) and the SDK have
 * no such operator, so a filter using it is refused with a message that says so.
 */
const FUZZY_OPERATOR = /\$fuzzy\b/;
const FUZZY_MESSAGE =
  "Invalid filter: $fuzzy is not an operator of search filters (it belongs to Redis Search queries). Use =, !=, <, <=, >, >=, GLOB, NOT GLOB, IN, NOT IN, CONTAINS, NOT CONTAINS, HAS FIELD or HAS NOT FIELD; typo-tolerant matching is the query's job.";

const cache = new Map<string, string>();

/** The vector filter equivalent to a search filter; `""` stays `""` (everything matches). */
export function translateSearchFilter(text: string): string {
  if (text.trim() === "") {
    return "";
  }
  const cached = cache.get(text);
  if (cached !== undefined) {
    return cached;
  }
  let expression: FilterExpression;
  try {
    expression = parseFilter(markMetadataPaths(text));
  } catch (error: unknown) {
    if (error instanceof FilterSyntaxError) {
      throw validationError(
        FUZZY_OPERATOR.test(text)
          ? FUZZY_MESSAGE
          : error.message.replaceAll(METADATA_MARKER, "@metadata"),
      );
    }
    throw error;
  }
  const translated = printExpression(expression);
  if (cache.size >= CACHE_SIZE) {
    cache.clear();
  }
  cache.set(text, translated);
  return translated;
}

/** `@metadata.` → the marker, except inside `'…'` or `"…"` (where `\` escapes one character). */
export function markMetadataPaths(text: string): string {
  let out = "";
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote !== undefined) {
      out += c;
      if (c === "\\" && i + 1 < text.length) {
        out += text[++i];
      } else if (c === quote) {
        quote = undefined;
      }
    } else if (c === "'" || c === '"') {
      quote = c;
      out += c;
    } else if (text.startsWith(METADATA_PREFIX, i)) {
      out += `${METADATA_MARKER}.`;
      i += METADATA_PREFIX.length - 1;
    } else {
      out += c;
    }
  }
  return out;
}

function printExpression(expression: FilterExpression): string {
  switch (expression.kind) {
    case "all":
      return "";
    case "and":
      // AND binds tighter than OR: only an OR inside an AND needs its parentheses back.
      return expression.operands
        .map((operand) =>
          operand.kind === "or" ? `(${printExpression(operand)})` : printExpression(operand),
        )
        .join(" AND ");
    case "or":
      return expression.operands.map(printExpression).join(" OR ");
    case "compare":
      return `${printPath(expression.path)} ${expression.operator} ${printLiteral(expression.value)}`;
    case "in":
      return `${printPath(expression.path)} ${expression.negated ? "NOT IN" : "IN"} (${expression.values.map(printLiteral).join(", ")})`;
    case "contains":
      return `${printPath(expression.path)} ${expression.negated ? "NOT CONTAINS" : "CONTAINS"} ${printLiteral(expression.value)}`;
    case "glob":
      return `${printPath(expression.path)} ${expression.negated ? "NOT GLOB" : "GLOB"} ${printLiteral(expression.pattern)}`;
    case "hasField":
      return `HAS ${expression.negated ? "NOT " : ""}FIELD ${printPath(expression.path)}`;
  }
}

/** The path re-rooted onto the stored layout: `metadata.…` when marked, `content.…` otherwise. */
function printPath(path: FieldPath): string {
  const [first, ...rest] = path.segments;
  const isMetadata = first?.kind === "key" && first.key === METADATA_MARKER;
  let text = isMetadata ? "metadata" : "content";
  for (const segment of isMetadata ? rest : path.segments) {
    switch (segment.kind) {
      case "key":
        text += `.${segment.key}`;
        break;
      case "index":
        text += `[${segment.index}]`;
        break;
      case "fromEnd":
        text += segment.offset === 0 ? "[#]" : `[#-${segment.offset}]`;
        break;
    }
  }
  return text;
}

/** A literal as the lexer reads it back: quotes and backslashes escaped, numbers without exponent. */
function printLiteral(value: FilterLiteral): string {
  if (typeof value === "string") {
    return `'${value.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
  }
  if (typeof value === "boolean") {
    return String(value);
  }
  const text = String(value);
  if (!text.includes("e")) {
    return text;
  }
  // The lexer has no exponent form: 1e21 and 1e-7 are written out in full.
  return Math.abs(value) >= 1
    ? BigInt(value).toString()
    : value.toFixed(20).replace(/0+$/, "").replace(/\.$/, "");
}
