/**
 * A path argument as RedisJSON reads it (its `Path::new`): a JSONPath starts with `$` followed by
 * nothing, `.` or `[`; anything else is a legacy path, rewritten into a JSONPath (`.a.b` →
 * `$.a.b`, `a.b` → `$.a.b`, `.` → `$`) and answered with legacy semantics: a single value (the
 * first match) instead of an array, and errors where JSONPath answers nil.
 */

import { textArg } from "../json/arguments.ts";

export interface JsonPathArg {
  /** The argument as given (a binary string of UTF-8 text); some errors quote it. */
  readonly original: string;
  /** The JSONPath evaluated: the argument itself, or the legacy path rewritten. */
  readonly text: string;
  readonly isLegacy: boolean;
}

/** The path commands use when none is given: the legacy root `.`. */
export const LEGACY_ROOT: JsonPathArg = { original: ".", text: "$", isLegacy: true };

/** Reads a path argument; `Couldn't parse as UTF-8 string` if it is not UTF-8 text. */
export function parsePathArg(binary: string): JsonPathArg {
  const original = textArg(binary);
  const second = original[1];
  if (original.startsWith("$") && (second === undefined || second === "." || second === "[")) {
    return { original, text: original, isLegacy: false };
  }
  let text: string;
  if (original === ".") {
    text = "$";
  } else if (original.startsWith(".")) {
    text = `$${original}`;
  } else {
    text = `$.${original}`;
  }
  return { original, text, isLegacy: true };
}

/** Whether the path is the document root (`$` or `.`), which replaces or deletes the whole key. */
export function isRootPath(path: JsonPathArg): boolean {
  return path.text === "$";
}
