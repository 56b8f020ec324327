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

const MONITOR_HEADER = /^(\d+)\.(\d{6}) \[(\d+) ([^\]]*)\] ?/;

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

/** The double-quoted arguments of a line as bytes; undefined when they are not `sdscatrepr` output. */
function unquoteArguments(text: string): Uint8Array[] | undefined {
  const argv: Uint8Array[] = [];
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
    const bytes: number[] = [];
    while (i < text.length && text[i] !== '"') {
      if (text[i] !== "\\") {
        bytes.push(text.charCodeAt(i));
        i++;
        continue;
      }
      const next = text[i + 1] ?? "";
      const hex = next === "x" ? Number.parseInt(text.slice(i + 2, i + 4), 16) : Number.NaN;
      const named = UNESCAPES[next];
      if (!Number.isNaN(hex)) {
        bytes.push(hex);
        i += 4;
      } else if (named !== undefined) {
        bytes.push(named);
        i += 2;
      } else {
        return undefined;
      }
    }
    if (text[i] !== '"') {
      return undefined;
    }
    i++;
    argv.push(Uint8Array.from(bytes));
  }
  return argv;
}

/**
 * Reads a line {@link formatMonitorLine} wrote (kv-rest-wire.md §11.3) back into its entry, with
 * the arguments as bytes; undefined for a line of another shape.
 */
export function parseMonitorLine(
  line: string,
): (MonitorEntry & { readonly argv: readonly Uint8Array[] }) | undefined {
  const header = MONITOR_HEADER.exec(line);
  if (header === null) {
    return undefined;
  }
  const argv = unquoteArguments(line.slice(header[0].length));
  if (argv === undefined || argv.length === 0) {
    return undefined;
  }
  return {
    timestampMicros: Number(header[1]) * 1_000_000 + Number(header[2]),
    db: Number(header[3]),
    address: header[4] ?? "",
    argv,
  };
}
