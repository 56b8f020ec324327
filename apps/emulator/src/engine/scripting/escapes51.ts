/**
 * Lua 5.1's string escapes on Lua 5.4's compiler. 5.1 reads an escape it does not know, `\c`, as
 * the character `c` (llex.c read_string, default case); 5.4 refuses it ("invalid escape sequence")
 * or gives it a meaning (`\x41`, `\z`, `\u{41}`). Scripts written for Redis rely on the former — a
 * pattern written `'\.'` instead of `'%.'` works there — so the short strings of a chunk are
 * rewritten before it is compiled: `\c` for a character 5.1 does not know becomes `c`. Comments and
 * long strings are left alone, and no line break is added or removed, so error positions stay.
 */

/** What may follow a backslash in 5.1 and means the same in 5.4 (digits are checked apart). */
const KNOWN_ESCAPES = new Set(["a", "b", "f", "n", "r", "t", "v", "\\", '"', "'"]);

/** The level of a long bracket opening at `index` (`[[` is 0, `[==[` is 2), or -1. */
function longBracketLevel(source: string, index: number): number {
  if (source[index] !== "[") {
    return -1;
  }
  let level = 0;
  while (source[index + 1 + level] === "=") {
    level++;
  }
  return source[index + 1 + level] === "[" ? level : -1;
}

/** The index just past the long bracket of `level` closing after `from` (the end when unclosed). */
function skipLongBracket(source: string, from: number, level: number): number {
  const close = `]${"=".repeat(level)}]`;
  const end = source.indexOf(close, from);
  return end === -1 ? source.length : end + close.length;
}

/** `source` with its short strings' escapes read as 5.1 reads them. */
export function withEscapesOf51(source: string): string {
  if (!source.includes("\\")) {
    return source;
  }
  let out = "";
  let copiedUpTo = 0;
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (char === "-" && source[i + 1] === "-") {
      const level = longBracketLevel(source, i + 2);
      if (level >= 0) {
        i = skipLongBracket(source, i + 4 + level, level);
      } else {
        const newline = source.indexOf("\n", i);
        i = newline === -1 ? source.length : newline;
      }
    } else if (char === "[") {
      const level = longBracketLevel(source, i);
      i = level >= 0 ? skipLongBracket(source, i + 2 + level, level) : i + 1;
    } else if (char === '"' || char === "'") {
      i++;
      while (i < source.length && source[i] !== char && source[i] !== "\n") {
        if (source[i] !== "\\") {
          i++;
          continue;
        }
        const escaped = source[i + 1];
        if (escaped === "\r" || escaped === "\n") {
          // A line continuation: "\r\n" and "\n\r" count as one line break, as in both lexers.
          const next = source[i + 2];
          i += (next === "\r" || next === "\n") && next !== escaped ? 3 : 2;
          continue;
        }
        if (
          escaped === undefined ||
          KNOWN_ESCAPES.has(escaped) ||
          (escaped >= "0" && escaped <= "9")
        ) {
          i += 2;
          continue;
        }
        // An escape 5.1 does not know: drop the backslash, keep the character.
        out += source.slice(copiedUpTo, i);
        copiedUpTo = i + 1;
        i += 2;
      }
      i++;
    } else {
      i++;
    }
  }
  return copiedUpTo === 0 ? source : out + source.slice(copiedUpTo);
}
