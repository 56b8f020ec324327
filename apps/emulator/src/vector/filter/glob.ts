/**
 * The GLOB operator's matcher (vector-rest-wire.md §3.2): a case-sensitive UNIX glob over the
 * whole string. `*` is any run, `?` one character, `[abc]`, `[a-z]`, `[^…]` and `[!…]` one
 * character in or out of a set, `\x` a literal `x`. A `]` first in a set is literal, and a `[`
 * without its `]` is a literal `[`, as fnmatch treats them. Characters are Unicode code points.
 */

type Element =
  | { readonly kind: "char"; readonly char: string }
  | { readonly kind: "any" }
  | { readonly kind: "star" }
  | {
      readonly kind: "set";
      readonly negated: boolean;
      readonly ranges: readonly (readonly [string, string])[];
    };

const SURROGATE = /[\uD800-\uDFFF]/;

/** A compiled pattern; compile once per filter, match per record. */
export type GlobMatcher = (text: string) => boolean;

export function compileGlob(pattern: string): GlobMatcher {
  const elements = parseGlob(Array.from(pattern));
  const literal = elements.map((e) => (e.kind === "char" ? e.char : undefined));
  if (literal.every((c) => c !== undefined)) {
    // No wildcard at all: plain equality.
    const exact = literal.join("");
    return (text) => text === exact;
  }
  // Index the string directly unless it has surrogate pairs: no allocation per record.
  return (text) => matchElements(elements, SURROGATE.test(text) ? Array.from(text) : text);
}

function parseGlob(chars: readonly string[]): Element[] {
  const elements: Element[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === "*") {
      if (elements.at(-1)?.kind !== "star") {
        elements.push({ kind: "star" });
      }
    } else if (c === "?") {
      elements.push({ kind: "any" });
    } else if (c === "\\" && i + 1 < chars.length) {
      i++;
      elements.push({ kind: "char", char: chars[i] as string });
    } else if (c === "[") {
      const set = parseSet(chars, i + 1);
      if (set === undefined) {
        elements.push({ kind: "char", char: c });
      } else {
        elements.push(set.element);
        i = set.end;
      }
    } else {
      elements.push({ kind: "char", char: c });
    }
  }
  return elements;
}

/** A set starting after `[`; `end` is the index of its closing `]`. */
function parseSet(
  chars: readonly string[],
  start: number,
): { element: Element; end: number } | undefined {
  let i = start;
  const negated = chars[i] === "^" || chars[i] === "!";
  if (negated) {
    i++;
  }
  const ranges: (readonly [string, string])[] = [];
  let first = true;
  while (i < chars.length) {
    let c = chars[i] as string;
    if (c === "]" && !first) {
      return { element: { kind: "set", negated, ranges }, end: i };
    }
    first = false;
    if (c === "\\" && i + 1 < chars.length) {
      i++;
      c = chars[i] as string;
    }
    const dash = chars[i + 1];
    const high = chars[i + 2];
    if (dash === "-" && high !== undefined && high !== "]") {
      ranges.push([c, high]);
      i += 3;
    } else {
      ranges.push([c, c]);
      i++;
    }
  }
  return undefined;
}

function inSet(element: Extract<Element, { kind: "set" }>, char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  const hit = element.ranges.some(
    ([low, high]) => code >= (low.codePointAt(0) ?? 0) && code <= (high.codePointAt(0) ?? 0),
  );
  return hit !== element.negated;
}

/**
 * Iterative matching with one backtrack point (the last `*`), linear in practice and never
 * exponential, so a hostile pattern cannot stall a query.
 */
function matchElements(elements: readonly Element[], text: ArrayLike<string>): boolean {
  let p = 0;
  let t = 0;
  let starP = -1;
  let starT = 0;
  while (t < text.length) {
    const element = elements[p];
    if (element?.kind === "star") {
      starP = p;
      starT = t;
      p++;
      continue;
    }
    if (element !== undefined && matchesOne(element, text[t] as string)) {
      p++;
      t++;
      continue;
    }
    if (starP < 0) {
      return false;
    }
    p = starP + 1;
    starT++;
    t = starT;
  }
  while (elements[p]?.kind === "star") {
    p++;
  }
  return p === elements.length;
}

function matchesOne(element: Element, char: string): boolean {
  switch (element.kind) {
    case "char":
      return element.char === char;
    case "any":
      return true;
    case "set":
      return inSet(element, char);
    case "star":
      return false;
  }
}
