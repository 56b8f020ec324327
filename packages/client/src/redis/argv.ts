/**
 * Command arguments and how they travel. JSON bodies carry strings and numbers only
 * (kv-rest-wire.md §3), so a byte argument that is not valid UTF-8 switches a single command to the
 * path form, which is byte-exact: percent-encoded segments plus a raw body (§2.3).
 */
import { isValidUtf8, utf8Decode, utf8Encode } from "@stratus/core/base64";

/** One command argument: text, a number (sent as `String(n)` would write it) or raw bytes. */
export type RedisArgument = string | number | Uint8Array;

/** A key: text or raw bytes. */
export type RedisKey = string | Uint8Array;

/** A full command: its name, then its arguments. */
export type Argv = readonly RedisArgument[];

/** A JSON argument: JSON has no infinities, and Redis spells them `+inf`/`-inf`. */
type JsonArgument = string | number;

function toJsonArgument(argument: RedisArgument): JsonArgument | undefined {
  if (typeof argument === "string") {
    return argument;
  }
  if (typeof argument === "number") {
    if (Number.isFinite(argument)) {
      return argument;
    }
    return Number.isNaN(argument) ? "nan" : argument > 0 ? "+inf" : "-inf";
  }
  return isValidUtf8(argument) ? utf8Decode(argument) : undefined;
}

/**
 * The command as JSON arguments, or undefined if one argument is bytes that JSON text cannot carry
 * (invalid UTF-8).
 */
export function toJsonArgv(argv: Argv): JsonArgument[] | undefined {
  const out: JsonArgument[] = [];
  for (const argument of argv) {
    const json = toJsonArgument(argument);
    if (json === undefined) {
      return undefined;
    }
    out.push(json);
  }
  return out;
}

const HEX = "0123456789ABCDEF";

/** Whether a byte may appear unescaped in a path segment (RFC 3986 unreserved, minus `.`). */
function isPlainByte(byte: number): boolean {
  // `.` is escaped too, so that a `.` or `..` argument is never read as a dot-segment.
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x2d ||
    byte === 0x5f ||
    byte === 0x7e
  );
}

/** Percent-encodes every byte outside the unreserved set; the server decodes `%XX` to the byte. */
export function percentEncode(argument: RedisArgument): string {
  const bytes = argumentBytes(argument);
  let out = "";
  for (const byte of bytes) {
    out += isPlainByte(byte)
      ? String.fromCharCode(byte)
      : `%${HEX[byte >> 4] ?? "0"}${HEX[byte & 0xf] ?? "0"}`;
  }
  return out;
}

/** An argument's bytes, as the server will see them. */
export function argumentBytes(argument: RedisArgument): Uint8Array {
  if (argument instanceof Uint8Array) {
    return argument;
  }
  return utf8Encode(typeof argument === "number" ? String(toJsonArgument(argument)) : argument);
}

/**
 * The path form of a command (kv-rest-wire.md §2.3): every argument a percent-encoded segment,
 * except a non-empty last argument, which goes as the raw body (the server appends a non-empty
 * body as one more argument), so large values do not hit URL length limits.
 */
export function toPathCommand(argv: Argv): {
  readonly path: string;
  readonly body: Uint8Array | undefined;
} {
  const last = argv.at(-1);
  const lastBytes = last === undefined || argv.length < 2 ? undefined : argumentBytes(last);
  const inPath = lastBytes !== undefined && lastBytes.byteLength > 0 ? argv.slice(0, -1) : argv;
  const path = `/${inPath.map(percentEncode).join("/")}`;
  return { path, body: inPath === argv ? undefined : lastBytes };
}

/** The command as text, for error messages. */
export function describeArgv(argv: Argv): string[] {
  return argv.map((argument) =>
    argument instanceof Uint8Array ? utf8Decode(argument) : String(argument),
  );
}
