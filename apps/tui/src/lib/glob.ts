/**
 * Redis-style glob patterns (`*`, `?`, `[abc]`, `[^a]`, `[a-z]`, `\x`) as regular expressions, for
 * the monitor's key filter: it matches keys the way `KEYS` and `PSUBSCRIBE` do.
 */

const SPECIAL = /[.+^${}()|\\/]/;

/** Compiles `pattern` into an anchored, case-sensitive regular expression. */
export function globToRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? "";
    if (char === "*") {
      source += "[\\s\\S]*";
    } else if (char === "?") {
      source += "[\\s\\S]";
    } else if (char === "\\" && i + 1 < pattern.length) {
      i++;
      source += escapeChar(pattern[i] ?? "");
    } else if (char === "[") {
      const end = pattern.indexOf("]", i + 2);
      if (end === -1) {
        source += "\\[";
        continue;
      }
      let body = pattern.slice(i + 1, end);
      const isNegated = body.startsWith("^");
      if (isNegated) {
        body = body.slice(1);
      }
      source += `[${isNegated ? "^" : ""}${body.replace(/[\]\\]/g, "\\$&")}]`;
      i = end;
    } else {
      source += escapeChar(char);
    }
  }
  return new RegExp(`^${source}$`);
}

function escapeChar(char: string): string {
  return SPECIAL.test(char) || char === "[" || char === "]" || char === "*" || char === "?"
    ? `\\${char}`
    : char;
}
