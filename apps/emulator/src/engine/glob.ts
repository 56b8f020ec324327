/**
 * Redis's glob matcher (`stringmatchlen` in src/util.c), used by KEYS, SCAN MATCH, PSUBSCRIBE,
 * PUBSUB CHANNELS and CONFIG GET: `*`, `?`, `[abc]`, `[^a-z]`, and `\` escapes, over binary strings.
 */

/** Whether `text` matches the glob `pattern`. */
export function globMatch(pattern: string, text: string, noCase = false): boolean {
  // Fast paths for the common `*` and `prefix*` patterns.
  if (pattern === "*") {
    return true;
  }
  return matchFrom({ pattern, text, noCase }, { p: 0, t: 0 }, 0) === MATCH;
}

const MATCH = 1;
const NO_MATCH = 0;
/** The text ran out while the pattern still had a `*` to try: no later start can match either. */
const SKIP_LONGER = 2;
/** Redis bounds recursion (stringmatchlen_impl's nesting limit) so `***…` cannot blow the stack. */
const MAX_NESTING = 1000;

function fold(code: number, noCase: boolean): number {
  return noCase && code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
}

interface Subject {
  readonly pattern: string;
  readonly text: string;
  readonly noCase: boolean;
}

function matchFrom(subject: Subject, start: { p: number; t: number }, nesting: number): number {
  if (nesting > MAX_NESTING) {
    return NO_MATCH;
  }
  const { pattern, text, noCase } = subject;
  let { p, t } = start;
  while (p < pattern.length && t < text.length) {
    const c = pattern.charCodeAt(p);
    switch (c) {
      case 0x2a: {
        // '*': collapse runs, then try every split.
        while (p + 1 < pattern.length && pattern.charCodeAt(p + 1) === 0x2a) {
          p++;
        }
        if (p + 1 === pattern.length) {
          return MATCH;
        }
        for (let from = t; from < text.length; from++) {
          const result = matchFrom(subject, { p: p + 1, t: from }, nesting + 1);
          if (result !== NO_MATCH) {
            return result;
          }
        }
        return SKIP_LONGER;
      }
      case 0x3f:
        // '?': any one byte.
        break;
      case 0x5b: {
        const { matched, next } = matchClass(subject, p + 1, text.charCodeAt(t));
        if (!matched) {
          return NO_MATCH;
        }
        p = next;
        break;
      }
      case 0x5c:
        // '\x' matches x literally; a trailing backslash matches itself.
        if (p + 1 < pattern.length) {
          p++;
        }
        if (fold(pattern.charCodeAt(p), noCase) !== fold(text.charCodeAt(t), noCase)) {
          return NO_MATCH;
        }
        break;
      default:
        if (fold(c, noCase) !== fold(text.charCodeAt(t), noCase)) {
          return NO_MATCH;
        }
    }
    p++;
    t++;
  }
  if (t < text.length) {
    return NO_MATCH;
  }
  // The text is consumed: only stars may remain.
  while (p < pattern.length && pattern.charCodeAt(p) === 0x2a) {
    p++;
  }
  return p === pattern.length ? MATCH : NO_MATCH;
}

/** Matches one byte against the class starting after `[`; `next` is the index of the closing `]`. */
function matchClass(
  subject: Subject,
  start: number,
  code: number,
): { matched: boolean; next: number } {
  const { pattern, noCase } = subject;
  let p = start;
  const negate = pattern.charCodeAt(p) === 0x5e;
  if (negate) {
    p++;
  }
  let matched = false;
  const target = fold(code, noCase);
  for (;;) {
    if (p >= pattern.length) {
      // Unterminated class: Redis treats the end of the pattern as the closing bracket.
      p = pattern.length - 1;
      break;
    }
    const c = pattern.charCodeAt(p);
    if (c === 0x5c && p + 2 < pattern.length) {
      p++;
      if (fold(pattern.charCodeAt(p), noCase) === target) {
        matched = true;
      }
    } else if (c === 0x5d) {
      break;
    } else if (p + 2 < pattern.length && pattern.charCodeAt(p + 1) === 0x2d) {
      let low = fold(c, noCase);
      let high = fold(pattern.charCodeAt(p + 2), noCase);
      if (low > high) {
        [low, high] = [high, low];
      }
      p += 2;
      if (target >= low && target <= high) {
        matched = true;
      }
    } else if (fold(c, noCase) === target) {
      matched = true;
    }
    p++;
  }
  return { matched: negate ? !matched : matched, next: p };
}

/** Whether the pattern has no glob characters, so lookups can be exact. */
export function isLiteralPattern(pattern: string): boolean {
  return !/[*?[\\]/.test(pattern);
}
