/**
 * Reads a `MONITOR` line back into its parts, for the monitor screen's filters. The line is what
 * core's `formatMonitorLine` writes (kv-rest-wire.md §11.3):
 * `1721284005.242090 [0 0.0.0.0:0] "SET" "k" "v"`, arguments quoted with Redis's `sdscatrepr`.
 */

/** One parsed monitor line. */
export interface MonitorEvent {
  /** Unix time in milliseconds (microseconds kept as the fraction). */
  readonly timeMs: number;
  /** `0.0.0.0:0` for REST callers, `lua` for scripts, `host:port` for RESP clients. */
  readonly address: string;
  /** The command name, upper-cased. */
  readonly command: string;
  /** The arguments after the command, unescaped. */
  readonly args: readonly string[];
  /** The line as received. */
  readonly line: string;
}

const HEADER = /^(\d+(?:\.\d+)?) \[(\d+) ([^\]]*)\] ?/;

/** The inverse of `sdscatrepr`'s escapes. */
const UNESCAPES: Readonly<Record<string, string>> = {
  n: "\n",
  r: "\r",
  t: "\t",
  a: "\x07",
  b: "\b",
  '"': '"',
  "\\": "\\",
};

/** Splits the quoted arguments; returns undefined on a line that is not `sdscatrepr` output. */
function readQuoted(text: string): string[] | undefined {
  const words: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === " ") {
      i++;
      continue;
    }
    if (text[i] !== '"') {
      return undefined;
    }
    i++;
    let word = "";
    while (i < text.length && text[i] !== '"') {
      const char = text[i] ?? "";
      if (char === "\\") {
        const next = text[i + 1] ?? "";
        if (next === "x") {
          word += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 4), 16));
          i += 4;
          continue;
        }
        word += UNESCAPES[next] ?? next;
        i += 2;
        continue;
      }
      word += char;
      i++;
    }
    if (text[i] !== '"') {
      return undefined;
    }
    i++;
    words.push(word);
  }
  return words;
}

/** Parses one line; a line of another shape is kept whole as an `UNKNOWN` event. */
export function parseMonitorLine(line: string): MonitorEvent {
  const header = HEADER.exec(line);
  const words = header === null ? undefined : readQuoted(line.slice(header[0].length));
  if (header === null || words === undefined || words.length === 0) {
    return { timeMs: Number.NaN, address: "", command: "UNKNOWN", args: [], line };
  }
  const [command = "", ...args] = words;
  return {
    timeMs: Number(header[1]) * 1000,
    address: header[3] ?? "",
    command: command.toUpperCase(),
    args,
    line,
  };
}
