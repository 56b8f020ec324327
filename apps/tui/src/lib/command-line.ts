/**
 * Splits a console line into words the way `redis-cli` does: spaces separate words, double quotes
 * allow escapes (`\n`, `\"`, `\xHH`), single quotes are literal.
 */

/** The words, or an error message for an unbalanced quote. */
export type SplitResult =
  | { readonly ok: true; readonly words: readonly string[] }
  | { readonly ok: false; readonly error: string };

const ESCAPES: Readonly<Record<string, string>> = { n: "\n", r: "\r", t: "\t", b: "\b", a: "\x07" };

export function splitCommandLine(line: string): SplitResult {
  const words: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === " " || line[i] === "\t") {
      i++;
    }
    if (i >= line.length) {
      break;
    }
    let word = "";
    const quote = line[i] === '"' || line[i] === "'" ? line[i] : undefined;
    if (quote !== undefined) {
      i++;
      let isClosed = false;
      while (i < line.length) {
        const char = line[i] ?? "";
        if (char === quote) {
          isClosed = true;
          i++;
          break;
        }
        if (quote === '"' && char === "\\" && i + 1 < line.length) {
          const next = line[i + 1] ?? "";
          if (next === "x" && /^[0-9a-fA-F]{2}$/.test(line.slice(i + 2, i + 4))) {
            word += String.fromCharCode(Number.parseInt(line.slice(i + 2, i + 4), 16));
            i += 4;
            continue;
          }
          word += ESCAPES[next] ?? next;
          i += 2;
          continue;
        }
        word += char;
        i++;
      }
      if (!isClosed) {
        return { ok: false, error: "Invalid argument(s): unbalanced quotes" };
      }
      words.push(word);
      continue;
    }
    while (i < line.length && line[i] !== " " && line[i] !== "\t") {
      word += line[i];
      i++;
    }
    words.push(word);
  }
  return { ok: true, words };
}
