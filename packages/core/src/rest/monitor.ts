/**
 * Lines of the key-value REST `/monitor` stream (spec/kv-rest-wire.md §11.3), in the format of Redis
 * `MONITOR`: `1339518083.107412 [0 127.0.0.1:60866] "keys" "*"`.
 */
import { utf8Encode } from "../base64/index.ts";
import { RestFormatError } from "./errors.ts";

/**
 * The first item of a monitor stream: `"OK"`, quotes included, so the SSE line reads
 * `data: "OK"` (§11.3).
 */
export const MONITOR_OK_ITEM = '"OK"';

/** The client address the service shows for REST callers (§11.3). */
export const MONITOR_REST_ADDRESS = "0.0.0.0:0";

/** One executed command, as {@link formatMonitorLine} takes it. */
export interface MonitorEntry {
  /** When the command ran, in whole microseconds since the Unix epoch. */
  readonly timestampMicros: number;
  /** The database index. */
  readonly db: number;
  /**
   * The client as Redis shows it: `host:port`, {@link MONITOR_REST_ADDRESS} for REST, or `lua` for
   * a command run by a script (Redis writes `[0 lua]`).
   */
  readonly address: string;
  /** The command name and arguments; strings are quoted as their UTF-8 bytes. */
  readonly argv: readonly (string | Uint8Array)[];
}

/**
 * Redis `sdscatrepr` (sds.c), byte → escape, or undefined for a byte printed as is: `\\`, `\"`,
 * `\n`, `\r`, `\t`, `\a`, `\b`, the other printable ASCII bytes (C `isprint`, 0x20–0x7E) as
 * themselves, everything else as `\xHH` in lower-case hex.
 */
const ESCAPES: readonly (string | undefined)[] = Array.from({ length: 256 }, (_, byte) => {
  switch (byte) {
    case 0x5c:
      return "\\\\";
    case 0x22:
      return '\\"';
    case 0x0a:
      return "\\n";
    case 0x0d:
      return "\\r";
    case 0x09:
      return "\\t";
    case 0x07:
      return "\\a";
    case 0x08:
      return "\\b";
    default:
      return byte >= 0x20 && byte <= 0x7e ? undefined : `\\x${byte.toString(16).padStart(2, "0")}`;
  }
});

// Runs between escapes are printable ASCII, which UTF-8 decodes byte for character.
const asciiDecoder = new TextDecoder();

/** One argument, double-quoted with Redis's escaping; runs of plain bytes are copied in one go. */
function quoteArgument(argument: string | Uint8Array): string {
  const bytes = typeof argument === "string" ? utf8Encode(argument) : argument;
  let quoted = '"';
  let runStart = 0;
  for (let i = 0; i < bytes.length; i++) {
    const replacement = ESCAPES[bytes[i] ?? 0];
    if (replacement !== undefined) {
      if (runStart < i) {
        quoted += asciiDecoder.decode(bytes.subarray(runStart, i));
      }
      quoted += replacement;
      runStart = i + 1;
    }
  }
  if (runStart < bytes.length) {
    quoted += asciiDecoder.decode(bytes.subarray(runStart));
  }
  return `${quoted}"`;
}

/**
 * Formats one monitor line as Redis `MONITOR` does (`replicationFeedMonitors`): Unix seconds with
 * six decimal places, `[<db> <address>]`, then each argument double-quoted with `sdscatrepr`
 * escaping, separated by spaces. Redis prints integer-encoded arguments with `%ld`, which gives the
 * same text as quoting their digits.
 *
 * @example
 * formatMonitorLine({ timestampMicros: 1339518083107412, db: 0, address: "127.0.0.1:60866", argv: ["keys", "*"] });
 * // '1339518083.107412 [0 127.0.0.1:60866] "keys" "*"'
 * @throws {RestFormatError} if `timestampMicros` or `db` is not a non-negative integer.
 */
export function formatMonitorLine(entry: MonitorEntry): string {
  const { timestampMicros, db } = entry;
  if (!Number.isSafeInteger(timestampMicros) || timestampMicros < 0) {
    throw new RestFormatError(
      `timestampMicros must be a non-negative integer, got ${timestampMicros}`,
    );
  }
  if (!Number.isSafeInteger(db) || db < 0) {
    throw new RestFormatError(`db must be a non-negative integer, got ${db}`);
  }
  const seconds = Math.floor(timestampMicros / 1_000_000);
  const micros = String(timestampMicros % 1_000_000).padStart(6, "0");
  // Redis writes "[%d %s] " and then the arguments joined by single spaces.
  return `${seconds}.${micros} [${db} ${entry.address}] ${entry.argv.map(quoteArgument).join(" ")}`;
}

/**
 * Seconds, micros, db, then the peer up to the `] "` that starts the arguments: the peer is `ip:port`,
 * `[ip]:port` for IPv6 (so it may hold `]`), `lua` for scripts or `unix:<path>`.
 */
const MONITOR_HEADER = /^(\d+)\.(\d{6}) \[(\d+) (.*?)\] (?=")/;

/** `sdscatrepr`'s named escapes, the other way round. */
const UNESCAPES: Readonly<Record<string, number>> = {
  "\\": 0x5c,
  '"': 0x22,
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
  a: 0x07,
  b: 0x08,
};

/**
 * Reads a `MONITOR` line, Redis's (`replicationFeedMonitors`, src/replication.c) or
 * {@link formatMonitorLine}'s (kv-rest-wire.md §11.3), back into its entry, with the arguments as
 * bytes; undefined for a line of another shape.
 */
export function parseMonitorLine(
  line: string,
): (MonitorEntry & { readonly argv: readonly Uint8Array[] }) | undefined {
  const header = MONITOR_HEADER.exec(line);
  if (header === null) {
    return undefined;
  }
  const [matched, seconds = "", micros = "", db = "", address = ""] = header;
  const argv = unquoteArguments(line, matched.length);
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
 * Replaces the peer of a monitor line (a proxy shows its own sockets as the clients they serve);
 * a line that does not parse, or whose peer `replace` leaves (undefined), is returned unchanged.
 */
export function replaceMonitorAddress(
  line: string,
  replace: (address: string) => string | undefined,
): string {
  const header = MONITOR_HEADER.exec(line);
  if (header === null) {
    return line;
  }
  const [matched, seconds, micros, db, address = ""] = header;
  const replacement = replace(address);
  return replacement === undefined
    ? line
    : `${seconds}.${micros} [${db} ${replacement}] ${line.slice(matched.length)}`;
}

/**
 * `"a" "b\x00" …` from `start`: each argument double-quoted and separated by one space, escapes
 * undone into bytes. `sdscatrepr` escapes every byte outside printable ASCII, so each character is
 * one byte.
 */
function unquoteArguments(text: string, start: number): Uint8Array[] | undefined {
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
      const named = escaped === undefined ? undefined : UNESCAPES[escaped];
      if (named !== undefined) {
        bytes.push(named);
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
