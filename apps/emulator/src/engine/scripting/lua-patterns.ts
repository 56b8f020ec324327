/**
 * Lua 5.1's pattern matcher (lstrlib.c, as vendored in Redis's deps/lua), ported to JS so that a
 * match can be stopped. The C matcher backtracks without ever returning to the VM, so the
 * instruction hook that enforces the time limit never runs during it:
 * `string.find(string.rep('a', 18), string.rep('a*', 18) .. 'b')` takes minutes. Here every step
 * spends from a budget, and each time the budget runs out `onTick` is called; it throws to abort.
 *
 * Subject and pattern are read where they are (the wasm heap, where Lua keeps its strings), never
 * copied: positions are offsets into that array, as C's are pointers, and -1 is C's NULL. The
 * pattern is read as 5.1 reads it, as a C string: it ends at its first NUL (Lua ends every string
 * with one).
 *
 * Two choices are not 5.1's: nesting deeper than 200 calls fails with "pattern too complex" (Lua
 * 5.2+'s MAXCCALLS, which the 5.4 VM underneath applied before; 5.1 had no limit and overflowed the
 * C stack), and character classes follow the C locale, as Redis's do (it never sets LC_CTYPE).
 */

/** LUA_MAXCAPTURES. */
export const MAX_CAPTURES = 32;
/** A capture opened but not closed yet. */
export const CAP_UNFINISHED = -1;
/** A position capture `()`. */
export const CAP_POSITION = -2;
/** MAXCCALLS of Lua 5.2+: how deeply `match` may recurse. */
const MAX_MATCH_DEPTH = 200;
/** Steps between two calls of `onTick`: a few hundred microseconds of matching. */
export const STEPS_PER_TICK = 1 << 14;

const L_ESC = 0x25; // %
const IS_SPECIAL = new Uint8Array(256);
for (const c of "^$*+?.([%-") {
  IS_SPECIAL[c.charCodeAt(0)] = 1;
}

/** A malformed pattern or capture reference: the message 5.1's `luaL_error` would raise. */
export class PatternError extends Error {}

/** The C-locale <ctype.h> classes `%a`, `%d`, … by their lower-case letter; `%z` is NUL. */
const CLASSES: ReadonlyMap<number, Uint8Array> = (() => {
  const table = (test: (c: number) => boolean): Uint8Array => {
    const members = new Uint8Array(256);
    for (let c = 0; c < 256; c++) {
      members[c] = test(c) ? 1 : 0;
    }
    return members;
  };
  const isUpper = (c: number): boolean => c >= 0x41 && c <= 0x5a;
  const isLower = (c: number): boolean => c >= 0x61 && c <= 0x7a;
  const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
  const isAlpha = (c: number): boolean => isUpper(c) || isLower(c);
  const isSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);
  const isControl = (c: number): boolean => c < 0x20 || c === 0x7f;
  const classes = new Map<number, Uint8Array>();
  const add = (letter: string, test: (c: number) => boolean): void => {
    classes.set(letter.charCodeAt(0), table(test));
  };
  add("a", isAlpha);
  add("c", isControl);
  add("d", isDigit);
  add("l", isLower);
  add("p", (c) => c > 0x20 && c < 0x7f && !isAlpha(c) && !isDigit(c));
  add("s", isSpace);
  add("u", isUpper);
  add("w", (c) => isAlpha(c) || isDigit(c));
  add("x", (c) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));
  add("z", (c) => c === 0);
  return classes;
})();

/** match_class: `%<cl>` against the byte `c` (an unknown class letter stands for itself). */
function matchClass(c: number, cl: number): boolean {
  const isUpperLetter = cl >= 0x41 && cl <= 0x5a;
  const members = CLASSES.get(isUpperLetter ? cl + 0x20 : cl);
  if (members === undefined) {
    return cl === c;
  }
  const isMember = members[c] === 1;
  return isUpperLetter ? !isMember : isMember;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * Whether `string.find` searches for the pattern at `start` as plain text (strpbrk): no special
 * character before its first NUL.
 */
export function hasNoSpecials(bytes: Uint8Array, start: number): boolean {
  for (let p = start; ; p++) {
    const c = bytes[p] ?? 0;
    if (c === 0) {
      return true;
    }
    if (IS_SPECIAL[c] === 1) {
      return false;
    }
  }
}

/** MatchState with `match` and its helpers. */
export class MatchState {
  /**
   * The array subject and pattern live in. Reassign it when it may have been replaced (the wasm
   * heap's view changes when memory grows, e.g. in a gsub callback).
   */
  src: Uint8Array;
  readonly srcInit: number;
  readonly srcEnd: number;
  /** Captures opened so far (finished or not). */
  level = 0;
  readonly captureInit: number[] = [];
  readonly captureLength: number[] = [];
  #depth = 0;
  #budget = STEPS_PER_TICK;
  readonly #onTick: () => void;

  constructor(options: {
    bytes: Uint8Array;
    subject: { start: number; end: number };
    onTick: () => void;
  }) {
    this.src = options.bytes;
    this.srcInit = options.subject.start;
    this.srcEnd = options.subject.end;
    this.#onTick = options.onTick;
  }

  /** Counts `steps` of work; calls `onTick` each time the budget runs out. */
  spend(steps: number): void {
    this.#budget -= steps;
    if (this.#budget <= 0) {
      this.#budget = STEPS_PER_TICK;
      this.#onTick();
    }
  }

  /** Matches the pattern from `p` at subject offset `s`: the end of the match, or -1. */
  match(s: number, p: number): number {
    if (this.#depth >= MAX_MATCH_DEPTH) {
      throw new PatternError("pattern too complex");
    }
    this.#depth++;
    const end = this.#matchHere(s, p);
    this.#depth--;
    return end;
  }

  #matchHere(start: number, patternStart: number): number {
    const pat = this.src;
    let s = start;
    let p = patternStart;
    // The C code's `goto init` (tail calls) is this loop's `continue`.
    for (;;) {
      this.spend(1);
      switch (pat[p]) {
        case 0x28: // '(' start capture
          if (pat[p + 1] === 0x29) {
            return this.#startCapture(s, p + 2, CAP_POSITION);
          }
          return this.#startCapture(s, p + 1, CAP_UNFINISHED);
        case 0x29: // ')' end capture
          return this.#endCapture(s, p + 1);
        case L_ESC: {
          const next = pat[p + 1] ?? 0;
          if (next === 0x62) {
            // %b: balanced string
            s = this.#matchBalance(s, p + 2);
            if (s === -1) {
              return -1;
            }
            p += 4;
            continue;
          }
          if (next === 0x66) {
            // %f: frontier
            p += 2;
            if (pat[p] !== 0x5b) {
              throw new PatternError("missing '[' after '%f' in pattern");
            }
            const ep = this.#classEnd(p);
            const previous = s === this.srcInit ? 0 : (this.src[s - 1] ?? 0);
            const current = s < this.srcEnd ? (this.src[s] ?? 0) : 0;
            if (
              this.#matchBracketClass(previous, p, ep - 1) ||
              !this.#matchBracketClass(current, p, ep - 1)
            ) {
              return -1;
            }
            p = ep;
            continue;
          }
          if (isDigit(next)) {
            // %0-%9: a previous capture again
            s = this.#matchCapture(s, next);
            if (s === -1) {
              return -1;
            }
            p += 2;
            continue;
          }
          break;
        }
        case 0: // end of pattern
          return s;
        case 0x24: // '$'
          if (pat[p + 1] === 0) {
            return s === this.srcEnd ? s : -1;
          }
          break;
        default:
          break;
      }
      // A single-character class, maybe followed by a repetition.
      const ep = this.#classEnd(p);
      const matches = s < this.srcEnd && this.#singleMatch(this.src[s] ?? 0, p, ep);
      switch (pat[ep]) {
        case 0x3f: {
          // '?' optional
          if (matches) {
            const end = this.match(s + 1, ep + 1);
            if (end !== -1) {
              return end;
            }
          }
          p = ep + 1;
          continue;
        }
        case 0x2a: // '*' 0 or more, longest
          return this.#maxExpand(s, p, ep);
        case 0x2b: // '+' 1 or more, longest
          return matches ? this.#maxExpand(s + 1, p, ep) : -1;
        case 0x2d: // '-' 0 or more, shortest
          return this.#minExpand(s, p, ep);
        default:
          if (!matches) {
            return -1;
          }
          s++;
          p = ep;
      }
    }
  }

  /** classend: the index just past the single-character class at `p`. */
  #classEnd(start: number): number {
    const pat = this.src;
    let p = start;
    const c = pat[p++];
    if (c === L_ESC) {
      if (pat[p] === 0) {
        throw new PatternError("malformed pattern (ends with '%')");
      }
      return p + 1;
    }
    if (c === 0x5b) {
      if (pat[p] === 0x5e) {
        p++;
      }
      // Look for the ']' (the first character is always a member: "[]]" is "]").
      do {
        if (pat[p] === 0) {
          throw new PatternError("malformed pattern (missing ']')");
        }
        if (pat[p++] === L_ESC && pat[p] !== 0) {
          p++; // skip escapes (e.g. '%]')
        }
      } while (pat[p] !== 0x5d);
      return p + 1;
    }
    return p;
  }

  #singleMatch(c: number, p: number, ep: number): boolean {
    const pat = this.src;
    switch (pat[p]) {
      case 0x2e: // '.'
        return true;
      case L_ESC:
        return matchClass(c, pat[p + 1] ?? 0);
      case 0x5b:
        return this.#matchBracketClass(c, p, ep - 1);
      default:
        return pat[p] === c;
    }
  }

  /** matchbracketclass: `[...]` from `p` (its '[') to `ec` (its ']'). */
  #matchBracketClass(c: number, start: number, ec: number): boolean {
    const pat = this.src;
    let p = start;
    let isIn = true;
    if (pat[p + 1] === 0x5e) {
      isIn = false;
      p++;
    }
    while (++p < ec) {
      const item = pat[p] ?? 0;
      if (item === L_ESC) {
        p++;
        if (matchClass(c, pat[p] ?? 0)) {
          return isIn;
        }
      } else if (pat[p + 1] === 0x2d && p + 2 < ec) {
        p += 2;
        if (item <= c && c <= (pat[p] ?? 0)) {
          return isIn;
        }
      } else if (item === c) {
        return isIn;
      }
    }
    return !isIn;
  }

  #matchBalance(s: number, p: number): number {
    const pat = this.src;
    const open = pat[p] ?? 0;
    if (open === 0 || pat[p + 1] === 0) {
      throw new PatternError("unbalanced pattern");
    }
    const src = this.src;
    if (s >= this.srcEnd || src[s] !== open) {
      return -1;
    }
    const close = pat[p + 1];
    let depth = 1;
    let i = s;
    while (++i < this.srcEnd) {
      this.spend(1);
      const c = src[i];
      if (c === close) {
        if (--depth === 0) {
          return i + 1;
        }
      } else if (c === open) {
        depth++;
      }
    }
    return -1;
  }

  #maxExpand(s: number, p: number, ep: number): number {
    const src = this.src;
    let i = 0;
    while (s + i < this.srcEnd && this.#singleMatch(src[s + i] ?? 0, p, ep)) {
      i++;
      this.spend(1);
    }
    // Try the rest of the pattern with the most repetitions first.
    for (; i >= 0; i--) {
      const end = this.match(s + i, ep + 1);
      if (end !== -1) {
        return end;
      }
    }
    return -1;
  }

  #minExpand(start: number, p: number, ep: number): number {
    let s = start;
    for (;;) {
      const end = this.match(s, ep + 1);
      if (end !== -1) {
        return end;
      }
      if (s < this.srcEnd && this.#singleMatch(this.src[s] ?? 0, p, ep)) {
        s++;
      } else {
        return -1;
      }
    }
  }

  #startCapture(s: number, p: number, what: number): number {
    const level = this.level;
    if (level >= MAX_CAPTURES) {
      throw new PatternError("too many captures");
    }
    this.captureInit[level] = s;
    this.captureLength[level] = what;
    this.level = level + 1;
    const end = this.match(s, p);
    if (end === -1) {
      this.level--; // undo the capture
    }
    return end;
  }

  #endCapture(s: number, p: number): number {
    const l = this.#captureToClose();
    this.captureLength[l] = s - (this.captureInit[l] ?? 0);
    const end = this.match(s, p);
    if (end === -1) {
      this.captureLength[l] = CAP_UNFINISHED; // undo the capture
    }
    return end;
  }

  #captureToClose(): number {
    for (let level = this.level - 1; level >= 0; level--) {
      if (this.captureLength[level] === CAP_UNFINISHED) {
        return level;
      }
    }
    throw new PatternError("invalid pattern capture");
  }

  /** check_capture: the capture `%<digit>` refers to. */
  #checkCapture(digit: number): number {
    const l = digit - 0x31; // '1'
    if (l < 0 || l >= this.level || this.captureLength[l] === CAP_UNFINISHED) {
      throw new PatternError("invalid capture index");
    }
    return l;
  }

  #matchCapture(s: number, digit: number): number {
    const l = this.#checkCapture(digit);
    const length = this.captureLength[l] ?? 0;
    // A position capture has no text: C compares its negative length as a huge size_t.
    if (length < 0 || this.srcEnd - s < length) {
      return -1;
    }
    this.spend(length);
    const src = this.src;
    const init = this.captureInit[l] ?? 0;
    for (let i = 0; i < length; i++) {
      if (src[init + i] !== src[s + i]) {
        return -1;
      }
    }
    return s + length;
  }
}
