/**
 * Stream IDs (src/t_stream.c): two unsigned 64-bit numbers (`ms-seq`), held as 16-character binary
 * strings in big-endian order, exactly Redis's radix-tree key (`streamEncodeID`): string order is
 * ID order, an ID is a cheap `Map` key and equality check, and the full 64-bit range needs no bigint
 * until an ID is formatted (`formatStreamId` uses numbers below 2^53 and bigint above).
 */
import { parseIntegerArg } from "../numbers.ts";

/** A stream ID as its 16-byte big-endian encoding (one char per byte). */
export type StreamId = string;

/** An unsigned 64-bit value: a number when it is at most 2^53 - 1, else a bigint. */
export type U64 = number | bigint;

const TWO_32 = 4294967296;
/** A high word below this keeps `hi * 2^32 + lo` exact as a double. */
const SAFE_HIGH_WORD = 2 ** 21;
/** The largest unsigned 64-bit value. */
export const U64_MAX = 2n ** 64n - 1n;
/** Redis caps `entries_added` and delivery counters at LLONG_MAX. */
export const LLONG_MAX = 2n ** 63n - 1n;

/** 0-0, the smallest ID. */
export const MIN_STREAM_ID: StreamId = String.fromCharCode(...new Array<number>(16).fill(0));
/** 18446744073709551615-18446744073709551615, the largest ID. */
export const MAX_STREAM_ID: StreamId = String.fromCharCode(...new Array<number>(16).fill(0xff));

/** A bigint in the canonical `U64` form (a number when it is safe). */
export function normalizeU64(value: bigint): U64 {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** The high and low 32-bit words of a u64. */
function words(value: U64): [number, number] {
  if (typeof value === "number") {
    const hi = Math.floor(value / TWO_32);
    return [hi, value - hi * TWO_32];
  }
  return [Number(value >> 32n), Number(value & 0xffffffffn)];
}

function readWord(id: StreamId, offset: number): number {
  return (
    ((id.charCodeAt(offset) << 24) |
      (id.charCodeAt(offset + 1) << 16) |
      (id.charCodeAt(offset + 2) << 8) |
      id.charCodeAt(offset + 3)) >>>
    0
  );
}

function readU64(id: StreamId, offset: number): U64 {
  const hi = readWord(id, offset);
  const lo = readWord(id, offset + 4);
  return hi < SAFE_HIGH_WORD ? hi * TWO_32 + lo : (BigInt(hi) << 32n) | BigInt(lo);
}

export function makeStreamId(ms: U64, seq: U64): StreamId {
  const [msHi, msLo] = words(ms);
  const [seqHi, seqLo] = words(seq);
  // One call makes one flat string: concatenating halves would build a rope (V8 ConsString),
  // which is slower to compare and costs more memory for every stored ID.
  return String.fromCharCode(
    msHi >>> 24,
    (msHi >>> 16) & 0xff,
    (msHi >>> 8) & 0xff,
    msHi & 0xff,
    msLo >>> 24,
    (msLo >>> 16) & 0xff,
    (msLo >>> 8) & 0xff,
    msLo & 0xff,
    seqHi >>> 24,
    (seqHi >>> 16) & 0xff,
    (seqHi >>> 8) & 0xff,
    seqHi & 0xff,
    seqLo >>> 24,
    (seqLo >>> 16) & 0xff,
    (seqLo >>> 8) & 0xff,
    seqLo & 0xff,
  );
}

/** The ID with byte `at` replaced by `code` and every byte after it set to `fill` (flat). */
function withByte(id: StreamId, at: number, codes: { code: number; fill: number }): StreamId {
  const bytes = new Array<number>(16);
  for (let i = 0; i < 16; i++) {
    bytes[i] = i < at ? id.charCodeAt(i) : i === at ? codes.code : codes.fill;
  }
  return String.fromCharCode(...bytes);
}

/** The milliseconds part. */
export function streamIdMs(id: StreamId): U64 {
  return readU64(id, 0);
}

/** The sequence part. */
export function streamIdSeq(id: StreamId): U64 {
  return readU64(id, 8);
}

/** `ms-seq`, as replies show an ID. */
export function formatStreamId(id: StreamId): string {
  return `${readU64(id, 0)}-${readU64(id, 8)}`;
}

/**
 * The next ID (`streamIncrID`: the sequence carries into the milliseconds); undefined past the
 * largest ID.
 */
export function nextStreamId(id: StreamId): StreamId | undefined {
  const low = readWord(id, 12);
  if (low !== 0xffffffff) {
    // No carry out of the low word (XADD * within one millisecond): one flat string, no array.
    const next = low + 1;
    return String.fromCharCode(
      id.charCodeAt(0),
      id.charCodeAt(1),
      id.charCodeAt(2),
      id.charCodeAt(3),
      id.charCodeAt(4),
      id.charCodeAt(5),
      id.charCodeAt(6),
      id.charCodeAt(7),
      id.charCodeAt(8),
      id.charCodeAt(9),
      id.charCodeAt(10),
      id.charCodeAt(11),
      next >>> 24,
      (next >>> 16) & 0xff,
      (next >>> 8) & 0xff,
      next & 0xff,
    );
  }
  let at = 15;
  while (at >= 0 && id.charCodeAt(at) === 0xff) {
    at--;
  }
  if (at < 0) {
    return undefined;
  }
  return withByte(id, at, { code: id.charCodeAt(at) + 1, fill: 0 });
}

/** The previous ID (`streamDecrID`); undefined before 0-0. */
export function previousStreamId(id: StreamId): StreamId | undefined {
  let at = 15;
  while (at >= 0 && id.charCodeAt(at) === 0) {
    at--;
  }
  if (at < 0) {
    return undefined;
  }
  return withByte(id, at, { code: id.charCodeAt(at) - 1, fill: 0xff });
}

/** The larger of two IDs. */
export function maxStreamId(a: StreamId, b: StreamId): StreamId {
  return a > b ? a : b;
}

const SHORT_DIGITS = /^(?:0|[1-9][0-9]{0,14})$/;
/** What `strtoull` accepts in base 10: leading spaces, a sign, digits, nothing after. */
const STRTOULL_SYNTAX = /^[ \t\n\v\f\r]*([+-]?)([0-9]+)$/;

/**
 * Redis's `string2ull`: `string2ll` first (a negative value is refused), then `strtoull`, which
 * also takes leading spaces, a `+`, leading zeros, and a `-` that wraps the value around 2^64.
 */
export function parseU64(text: string): U64 | undefined {
  if (SHORT_DIGITS.test(text)) {
    return Number(text);
  }
  const signed = parseIntegerArg(text);
  if (signed !== undefined) {
    return signed < 0 ? undefined : signed;
  }
  const match = STRTOULL_SYNTAX.exec(text);
  if (match === null) {
    return undefined;
  }
  let value = BigInt(match[2] ?? "");
  if (value > U64_MAX) {
    return undefined; // ERANGE
  }
  if (match[1] === "-") {
    value = (U64_MAX + 1n - value) & U64_MAX;
  }
  return normalizeU64(value);
}

/** How `parseStreamId` reads an ID (`streamGenericParseIDOrReply`). */
export interface IdSyntax {
  /** `-` and `+` are refused (`streamParseStrictIDOrReply`). */
  readonly strict?: boolean;
  /** The sequence of an ID given as just `ms`: 0, or the largest for a range's end. */
  readonly missingSeq?: "min" | "max";
  /** XADD's `ms-*`: the sequence is left to the stream. */
  readonly allowSeqStar?: boolean;
}

export interface ParsedId {
  readonly id: StreamId;
  /** False for `ms-*`. */
  readonly seqGiven: boolean;
}

/** Parses an ID argument; undefined when it is not one (the caller replies with Redis's error). */
export function parseStreamId(text: string, syntax: IdSyntax = {}): ParsedId | undefined {
  // Redis copies the argument into a 128-byte C buffer: longer is invalid, a NUL ends it.
  if (text.length > 127) {
    return undefined;
  }
  const nul = text.indexOf("\u0000");
  const body = nul < 0 ? text : text.slice(0, nul);
  if (body === "-" || body === "+") {
    if (syntax.strict === true) {
      return undefined;
    }
    return { id: body === "-" ? MIN_STREAM_ID : MAX_STREAM_ID, seqGiven: true };
  }
  const dash = body.indexOf("-");
  const ms = parseU64(dash < 0 ? body : body.slice(0, dash));
  if (ms === undefined) {
    return undefined;
  }
  if (dash < 0) {
    return {
      id: makeStreamId(ms, syntax.missingSeq === "max" ? U64_MAX : 0),
      seqGiven: true,
    };
  }
  const seqText = body.slice(dash + 1);
  if (syntax.allowSeqStar === true && seqText === "*") {
    return { id: makeStreamId(ms, 0), seqGiven: false };
  }
  const seq = parseU64(seqText);
  return seq === undefined ? undefined : { id: makeStreamId(ms, seq), seqGiven: true };
}

/**
 * An ID's two parts as doubles: exact up to 2^53 and rounded (monotonically) above, so comparing
 * them orders IDs correctly except for ties, which the exact string then settles. V8 compares
 * strings relationally through a slow path and every string is another memory access, while
 * these numbers sit unboxed in arrays.
 */
export function streamIdMsDouble(id: StreamId): number {
  return readWord(id, 0) * TWO_32 + readWord(id, 4);
}

export function streamIdSeqDouble(id: StreamId): number {
  return readWord(id, 8) * TWO_32 + readWord(id, 12);
}
