/**
 * Search filters (search-wire.md §4): the vector filter language, where a bare path names a field
 * of `content` and `@metadata.<path>` a field of `metadata`. The vector parser does not know `@`,
 * so the text is rewritten first: every `@metadata.` outside a quoted string becomes
 * {@link METADATA_MARKER}, an identifier of the same length (error columns stay right), and the
 * parsed paths are then re-rooted onto the stored layout `{ content, metadata }` (document.ts).
 * Compiled filters are cached by text, as the vector service caches its own.
 */
import { validationError } from "../vector/errors.ts";
import {
  type FieldPath,
  type FilterExpression,
  FilterSyntaxError,
  parseFilter,
  toPredicate,
} from "../vector/filter/index.ts";

export type DocumentPredicate = (storedMetadata: unknown) => boolean;

const METADATA_PREFIX = "@metadata.";
/**
 * Nine characters, as `@metadata`: a content field with exactly this name cannot be filtered on
 * (a documented limit; it reads as metadata).
 */
const METADATA_MARKER = "_x40meta_";
const CACHE_SIZE = 256;

const cache = new Map<string, DocumentPredicate>();

/** The predicate of a search filter; `""` matches everything. A syntax error is a 422. */
export function compileSearchFilter(text: string): DocumentPredicate {
  if (text.trim() === "") {
    return () => true;
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
      throw validationError(error.message.replaceAll(METADATA_MARKER, "@metadata"));
    }
    throw error;
  }
  const predicate = toPredicate(reroot(expression));
  if (cache.size >= CACHE_SIZE) {
    cache.clear();
  }
  cache.set(text, predicate);
  return predicate;
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

function reroot(expression: FilterExpression): FilterExpression {
  switch (expression.kind) {
    case "all":
      return expression;
    case "and":
    case "or":
      return { kind: expression.kind, operands: expression.operands.map(reroot) };
    default:
      return { ...expression, path: rerootPath(expression.path) };
  }
}

function rerootPath(path: FieldPath): FieldPath {
  const [first, ...rest] = path.segments;
  const text = path.text.replace(METADATA_MARKER, "@metadata");
  if (first?.kind === "key" && first.key === METADATA_MARKER) {
    return { text, segments: [{ kind: "key", key: "metadata" }, ...rest] };
  }
  return { text, segments: [{ kind: "key", key: "content" }, ...path.segments] };
}
