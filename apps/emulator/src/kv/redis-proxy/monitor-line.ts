/**
 * Reads Redis `MONITOR` lines, the inverse of `formatMonitorLine` in `@stratus/core/rest`:
 * `1339518083.107412 [0 127.0.0.1:60866] "keys" "*"`. Redis builds them in
 * `replicationFeedMonitors` (src/replication.c): `%ld.%06ld `, `[<db> <peer>] `, then each
 * argument through `sdscatrepr` (src/sds.c), joined by single spaces. The peer is `ip:port`
 * (`[ip]:port` for IPv6), `lua` for scripts or `unix:<path>`.
 */
import type { MonitorLine } from "../backend.ts";

/** Seconds, micros, db, then the peer up to the `] "` that starts the arguments. */
const HEADER = /^(\d+)\.(\d{6}) \[(\d+) (.*?)\] (?=")/;

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
  a: 0x07,
  b: 0x08,
  '"': 0x22,
  "\\": 0x5c,
};

/** The parts of a monitor line, or undefined when `text` is not one. */
export function parseMonitorLine(text: string): MonitorLine | undefined {
  const header = HEADER.exec(text);
  if (header === null) {
    return undefined;
  }
  const [matched, seconds = "", micros = "", db = "", address = ""] = header;
  const argv = parseArguments(text, matched.length);
  if (argv === undefined) {
    return undefined;
  }
  return {
    timestampMicros: Number(seconds) * 1_000_000 + Number(micros),
    db: Number(db),
    address,
    argv,
  };
}

/**
 * Replaces the peer of a monitor line (the proxy shows its own sockets as the clients they serve);
 * lines that do not parse are returned unchanged.
 */
export function replaceMonitorAddress(
  text: string,
  replace: (address: string) => string | undefined,
): string {
  const header = HEADER.exec(text);
  if (header === null) {
    return text;
  }
  const [matched, seconds, micros, db, address = ""] = header;
  const replacement = replace(address);
  return replacement === undefined
    ? text
    : `${seconds}.${micros} [${db} ${replacement}] ${text.slice(matched.length)}`;
}

/**
 * `"a" "b\x00" …` from `start`: each argument double-quoted, escapes undone into bytes. Redis
 * escapes every byte outside printable ASCII, so the text is ASCII and each character one byte.
 */
function parseArguments(text: string, start: number): Uint8Array[] | undefined {
  const argv: Uint8Array[] = [];
  let position = start;
  while (position < text.length) {
    if (text[position] !== '"') {
      return undefined;
    }
    position++;
    const bytes: number[] = [];
    for (;;) {
      const char = text[position];
      if (char === undefined) {
        return undefined;
      }
      position++;
      if (char === '"') {
        break;
      }
      if (char !== "\\") {
        const code = char.charCodeAt(0);
        if (code > 0xff) {
          return undefined;
        }
        bytes.push(code);
        continue;
      }
      const escaped = text[position];
      position++;
      const simple = escaped === undefined ? undefined : SIMPLE_ESCAPES[escaped];
      if (simple !== undefined) {
        bytes.push(simple);
        continue;
      }
      const hex = text.slice(position, position + 2);
      if (escaped !== "x" || !/^[0-9a-fA-F]{2}$/.test(hex)) {
        return undefined;
      }
      bytes.push(Number.parseInt(hex, 16));
      position += 2;
    }
    argv.push(Uint8Array.from(bytes));
    if (position < text.length) {
      if (text[position] !== " ") {
        return undefined;
      }
      position++;
    }
  }
  return argv.length === 0 ? undefined : argv;
}
