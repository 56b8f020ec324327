/**
 * Field paths: `a.b.c`, `tags[0]`, `tags[#-1]` (vector-rest-wire.md §3.2). The lexer takes a loose
 * identifier (`[a-zA-Z_][a-zA-Z_0-9.\[\]#-]*`); this gives it structure. Observed on the service
 * (§3.3): `industries[]` and `industries[` are errors, while `industries#-1]` is a valid (odd) key
 * that simply matches nothing, so `#`, `-` and `]` outside brackets belong to the key.
 */

import type { FieldPath, PathSegment } from "./ast.ts";

export type PathParse =
  | { readonly ok: true; readonly path: FieldPath }
  | { readonly ok: false; readonly reason: string };

const INDEX = /^\[(?:(\d+)|#(?:-(\d+))?)\]/;

export function parsePath(text: string): PathParse {
  const segments: PathSegment[] = [];
  let i = 0;
  let expectKey = true;
  while (i < text.length) {
    const c = text[i];
    if (c === "[") {
      const match = INDEX.exec(text.slice(i));
      if (segments.length === 0 || expectKey || match === null) {
        return { ok: false, reason: `invalid array index in field path '${text}'` };
      }
      const [whole, index, fromEnd] = match;
      segments.push(
        index !== undefined
          ? { kind: "index", index: Number(index) }
          : { kind: "fromEnd", offset: fromEnd === undefined ? 0 : Number(fromEnd) },
      );
      i += whole.length;
      if (i < text.length && text[i] !== "." && text[i] !== "[") {
        return { ok: false, reason: `unexpected '${text[i]}' after ']' in field path '${text}'` };
      }
      continue;
    }
    if (c === ".") {
      if (expectKey) {
        return { ok: false, reason: `empty key in field path '${text}'` };
      }
      expectKey = true;
      i++;
      continue;
    }
    if (!expectKey) {
      return { ok: false, reason: `unexpected '${c}' in field path '${text}'` };
    }
    let end = i;
    while (end < text.length && text[end] !== "." && text[end] !== "[") {
      end++;
    }
    segments.push({ kind: "key", key: text.slice(i, end) });
    expectKey = false;
    i = end;
  }
  if (expectKey) {
    return { ok: false, reason: `empty key in field path '${text}'` };
  }
  return { ok: true, path: { text, segments } };
}

/** The value at `path`, or `MISSING`. A stored `null` is a value, so HAS FIELD sees it (§3.2). */
export const MISSING: unique symbol = Symbol("missing");

export function resolvePath(root: unknown, path: FieldPath): unknown {
  let current: unknown = root;
  for (const segment of path.segments) {
    if (segment.kind === "key") {
      if (!isPlainObject(current) || !Object.hasOwn(current, segment.key)) {
        return MISSING;
      }
      current = current[segment.key];
      continue;
    }
    if (!Array.isArray(current)) {
      return MISSING;
    }
    const index = segment.kind === "index" ? segment.index : current.length - segment.offset;
    if (index < 0 || index >= current.length) {
      return MISSING;
    }
    current = current[index];
  }
  return current;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
