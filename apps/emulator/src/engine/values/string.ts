/**
 * Behaviour shared by the string and bitmap commands. Strings are stored as plain binary strings
 * (one char per byte), so everything here works on those: Redis's 64-bit integer rules, the
 * `long double` arithmetic of INCRBYFLOAT, OBJECT ENCODING's string rules, the XXH3 digest of
 * DIGEST/DELEX/SET IFDEQ, the extended SET/GETEX/MSETEX options and the bit-level helpers of
 * SETBIT, GETBIT, BITCOUNT, BITPOS and BITFIELD (src/t_string.c, src/bitops.c, src/util.c).
 */
import { asciiUpper, MAX_BINARY_LENGTH } from "../bytes.ts";
import { ERR, ReplyError } from "../errors.ts";
import { type ExpireArgument, optionExpireAtMs } from "../expiry.ts";
import { addLongDouble, formatLongDouble, LD_ZERO, parseLongDouble } from "../long-double.ts";
import { parseIntegerArg } from "../numbers.ts";
import { xxh3 } from "./xxh3.ts";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

// ---- integers ---------------------------------------------------------------------------------

/**
 * INCR/DECR/INCRBY/DECRBY (incrDecrCommand): the stored value (absent is 0) plus `increment`,
 * with Redis's errors for a value that is not a 64-bit integer and for overflow.
 */
export function incrementInteger(
  current: string | undefined,
  increment: number | bigint,
): number | bigint {
  const value = current === undefined ? 0 : parseIntegerArg(current);
  if (value === undefined) {
    throw new ReplyError(ERR.NOT_INTEGER);
  }
  if (typeof value === "number" && typeof increment === "number") {
    const sum = value + increment;
    // Both operands are safe integers, so a safe sum is exact.
    if (Number.isSafeInteger(sum)) {
      return sum;
    }
  }
  const sum = BigInt(value) + BigInt(increment);
  if (sum < INT64_MIN || sum > INT64_MAX) {
    throw new ReplyError(ERR.INCR_OVERFLOW);
  }
  const asNumber = Number(sum);
  return Number.isSafeInteger(asNumber) ? asNumber : sum;
}

/**
 * Redis's range rules for GETRANGE, SUBSTR, BITCOUNT and BITPOS: negative indexes count from the
 * end, then both are clamped into the value. Indexes are 64-bit (bigints beyond 2^53); once
 * clamped they are small, so plain numbers are returned. Empty when `start > end`.
 */
export function normalizeRange(
  start: number | bigint,
  end: number | bigint,
  length: number,
): { start: number; end: number } {
  const from = Math.max(0, start < 0 ? Number(start) + length : Number(start));
  const to = Math.min(Math.max(0, end < 0 ? Number(end) + length : Number(end)), length - 1);
  return { start: from, end: to };
}

/** GETRANGE/SUBSTR (getrangeCommand): the bytes `start..end` (inclusive) of `value`. */
export function stringRange(value: string, start: number | bigint, end: number | bigint): string {
  // Both negative and crossed is empty before clamping would make them meet at 0.
  if (start < 0 && end < 0 && start > end) {
    return "";
  }
  const range = normalizeRange(start, end, value.length);
  return range.start > range.end ? "" : value.slice(range.start, range.end + 1);
}

// ---- INCRBYFLOAT ------------------------------------------------------------------------------

/**
 * INCRBYFLOAT (incrbyfloatCommand): the stored value (absent is 0) plus `increment`, both parsed as
 * `strtold` does, formatted as Redis stores and replies with the result (`%.17Lf` without trailing
 * zeros, e.g. `10.5 + 0.1` is `10.6` and `5.0e3 + 0` is `5000`).
 */
export function incrementFloat(current: string | undefined, increment: string): string {
  const value = current === undefined ? LD_ZERO : parseLongDouble(current);
  const by = parseLongDouble(increment);
  if (value === undefined || by === undefined) {
    throw new ReplyError(ERR.NOT_FLOAT);
  }
  const sum = addLongDouble(value, by);
  if (sum === undefined) {
    throw new ReplyError(ERR.INCR_NAN_OR_INFINITY);
  }
  return formatLongDouble(sum);
}

// ---- OBJECT ENCODING ----------------------------------------------------------------------------

/** Strings up to this length are allocated with their object header (OBJ_ENCODING_EMBSTR_SIZE_LIMIT). */
const EMBSTR_SIZE_LIMIT = 44;

/**
 * What OBJECT ENCODING answers for a string value (tryObjectEncoding in src/object.c): `int` for a
 * 64-bit integer written canonically (no sign `+`, no leading zeros, at most 20 characters),
 * `embstr` up to 44 bytes, `raw` beyond.
 *
 * Emulator difference: Redis also remembers how a value was produced; strings modified in place
 * (APPEND, SETRANGE, SETBIT, BITFIELD) and BITOP results stay `raw` whatever their content, while
 * we only store the bytes, so those answer by content like a freshly SET value.
 */
export function stringEncoding(value: string): "int" | "embstr" | "raw" {
  if (value.length <= 20 && parseIntegerArg(value) !== undefined) {
    return "int";
  }
  return value.length <= EMBSTR_SIZE_LIMIT ? "embstr" : "raw";
}

// ---- DIGEST -----------------------------------------------------------------------------------

/** DIGEST's hex form of XXH3's 64-bit hash (stringDigest): 16 lower-case hex digits. */
export const DIGEST_HEX_LENGTH = 16;

/** The XXH3 64-bit hash (seed 0, default secret) of the bytes, as 16 lower-case hex digits. */
export function stringDigest(value: string): string {
  const bytes = Buffer.from(value, "latin1");
  const input = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return xxh3(input).toString(16).padStart(DIGEST_HEX_LENGTH, "0");
}

/**
 * IFDEQ/IFDNE's comparison: the digest must be 16 characters long (only the length is checked,
 * validateHexDigest), and compares case-insensitively with the value's digest.
 */
export function digestMatches(value: string, digest: string): boolean {
  if (digest.length !== DIGEST_HEX_LENGTH) {
    throw new ReplyError(ERR.DIGEST_LENGTH);
  }
  return stringDigest(value) === digest.toLowerCase();
}

// ---- SET / GETEX / MSETEX options -----------------------------------------------------------------

/** Where parseExtendedStringArgumentsOrReply runs: options each command accepts differ. */
export type ExtendedStringCommand = "set" | "getex" | "msetex";

/** The SET-family flags, as bits like Redis's OBJ_* so conflicts read as in src/t_string.c. */
export const STRING_FLAG = {
  NX: 1 << 0,
  XX: 1 << 1,
  EX: 1 << 2,
  PX: 1 << 3,
  KEEPTTL: 1 << 4,
  GET: 1 << 5,
  EXAT: 1 << 6,
  PXAT: 1 << 7,
  PERSIST: 1 << 8,
  IFEQ: 1 << 9,
  IFNE: 1 << 10,
  IFDEQ: 1 << 11,
  IFDNE: 1 << 12,
} as const;

const FLAG = STRING_FLAG;
const ANY_EXPIRE = FLAG.EX | FLAG.PX | FLAG.EXAT | FLAG.PXAT;
/** At most one of these; NX only conflicts with XX (and XX with NX), as in Redis. */
const CONDITIONS = FLAG.NX | FLAG.XX | FLAG.IFEQ | FLAG.IFNE | FLAG.IFDEQ | FLAG.IFDNE;

export interface ExtendedStringArgs {
  /** STRING_FLAG bits. */
  readonly flags: number;
  /** The EX/PX/EXAT/PXAT argument, unparsed: Redis checks it after the syntax. */
  readonly expire: string | undefined;
  /** Index in argv of an EX/PX token (relative expiry), for rewriting the effect to PXAT. */
  readonly relativeExpireIndex: number | undefined;
  /** The IFEQ/IFNE value or IFDEQ/IFDNE digest. */
  readonly match: string | undefined;
}

interface OptionRule {
  readonly flag: number;
  /** Flags that must not already be set. */
  readonly excludes: number;
  readonly commands: readonly ExtendedStringCommand[];
  readonly takesValue: "expire" | "match" | undefined;
}

const SET_LIKE: readonly ExtendedStringCommand[] = ["set", "msetex"];
const EXPIRING: readonly ExtendedStringCommand[] = ["set", "getex", "msetex"];

/** parseExtendedStringArgumentsOrReply's table; a repeated option is allowed (the last wins). */
const OPTION_RULES: Readonly<Record<string, OptionRule>> = {
  NX: { flag: FLAG.NX, excludes: FLAG.XX, commands: SET_LIKE, takesValue: undefined },
  XX: { flag: FLAG.XX, excludes: FLAG.NX, commands: SET_LIKE, takesValue: undefined },
  GET: { flag: FLAG.GET, excludes: 0, commands: ["set"], takesValue: undefined },
  KEEPTTL: {
    flag: FLAG.KEEPTTL,
    excludes: FLAG.PERSIST | ANY_EXPIRE,
    commands: SET_LIKE,
    takesValue: undefined,
  },
  PERSIST: {
    flag: FLAG.PERSIST,
    excludes: FLAG.KEEPTTL | ANY_EXPIRE,
    commands: ["getex"],
    takesValue: undefined,
  },
  EX: {
    flag: FLAG.EX,
    excludes: FLAG.KEEPTTL | FLAG.PERSIST | (ANY_EXPIRE & ~FLAG.EX),
    commands: EXPIRING,
    takesValue: "expire",
  },
  PX: {
    flag: FLAG.PX,
    excludes: FLAG.KEEPTTL | FLAG.PERSIST | (ANY_EXPIRE & ~FLAG.PX),
    commands: EXPIRING,
    takesValue: "expire",
  },
  EXAT: {
    flag: FLAG.EXAT,
    excludes: FLAG.KEEPTTL | FLAG.PERSIST | (ANY_EXPIRE & ~FLAG.EXAT),
    commands: EXPIRING,
    takesValue: "expire",
  },
  PXAT: {
    flag: FLAG.PXAT,
    excludes: FLAG.KEEPTTL | FLAG.PERSIST | (ANY_EXPIRE & ~FLAG.PXAT),
    commands: EXPIRING,
    takesValue: "expire",
  },
  IFEQ: {
    flag: FLAG.IFEQ,
    excludes: CONDITIONS & ~FLAG.IFEQ,
    commands: ["set"],
    takesValue: "match",
  },
  IFNE: {
    flag: FLAG.IFNE,
    excludes: CONDITIONS & ~FLAG.IFNE,
    commands: ["set"],
    takesValue: "match",
  },
  IFDEQ: {
    flag: FLAG.IFDEQ,
    excludes: CONDITIONS & ~FLAG.IFDEQ,
    commands: ["set"],
    takesValue: "match",
  },
  IFDNE: {
    flag: FLAG.IFDNE,
    excludes: CONDITIONS & ~FLAG.IFDNE,
    commands: ["set"],
    takesValue: "match",
  },
};

/**
 * parseExtendedStringArgumentsOrReply: the options of SET, GETEX and MSETEX from `argv[start]` on.
 * Only the syntax is checked here; anything wrong is `ERR syntax error`.
 */
export function parseExtendedStringArgs(
  argv: readonly string[],
  start: number,
  command: ExtendedStringCommand,
): ExtendedStringArgs {
  let flags = 0;
  let expire: string | undefined;
  let relativeExpireIndex: number | undefined;
  let match: string | undefined;
  for (let index = start; index < argv.length; index++) {
    const token = asciiUpper(argv[index] ?? "");
    const rule = OPTION_RULES[token];
    const next = argv[index + 1];
    if (
      rule === undefined ||
      !rule.commands.includes(command) ||
      (flags & rule.excludes) !== 0 ||
      (rule.takesValue !== undefined && next === undefined)
    ) {
      throw new ReplyError(ERR.SYNTAX);
    }
    flags |= rule.flag;
    if (rule.takesValue === "expire") {
      expire = next;
      relativeExpireIndex = rule.flag === FLAG.EX || rule.flag === FLAG.PX ? index : undefined;
      index++;
    } else if (rule.takesValue === "match") {
      match = next;
      index++;
    }
  }
  return { flags, expire, relativeExpireIndex, match };
}

/**
 * getExpireMillisecondsOrReply: the absolute expiry of the parsed EX/PX/EXAT/PXAT, or undefined
 * without one; `command` names it in `ERR invalid expire time in '<command>' command`.
 */
export function extendedExpireAtMs(
  args: ExtendedStringArgs,
  now: number,
  command: string,
): number | undefined {
  if (args.expire === undefined) {
    return undefined;
  }
  const amount = parseIntegerArg(args.expire);
  if (amount === undefined) {
    throw new ReplyError(ERR.NOT_INTEGER);
  }
  const argument: ExpireArgument = {
    amount,
    unit: args.flags & (FLAG.PX | FLAG.PXAT) ? "milliseconds" : "seconds",
    isRelative: (args.flags & (FLAG.EX | FLAG.PX)) !== 0,
  };
  return optionExpireAtMs(argument, now, command);
}

// ---- bits -----------------------------------------------------------------------------------------

/** Bits set in each byte value. */
const BITS_IN_BYTE = Uint8Array.from({ length: 256 }, (_, byte) => {
  let count = 0;
  for (let rest = byte; rest !== 0; rest >>= 1) {
    count += rest & 1;
  }
  return count;
});

/** The `proto-max-bulk-len` limit in bytes, which bounds strings and bit offsets. */
export function maxBulkLength(config: { value(name: string): string }): number {
  return Number(config.value("proto-max-bulk-len"));
}

/**
 * checkStringLength (src/t_string.c), for SETRANGE and APPEND: refuses a string that would grow to
 * `length` bytes, past `proto-max-bulk-len` with Redis's error, or past what the engine can hold.
 */
export function checkStringLength(length: number, config: { value(name: string): string }): void {
  if (length > maxBulkLength(config)) {
    throw new ReplyError(ERR.STRING_TOO_LONG);
  }
  checkEngineStringLength(length);
}

/**
 * Emulator difference: refuses, before anything is allocated, a string of `length` bytes that the
 * engine cannot hold (MAX_BINARY_LENGTH, just under Redis's default 512 MiB limit), where Redis
 * would grow it (SETBIT and BITFIELD only bound the offset by `proto-max-bulk-len`).
 */
export function checkEngineStringLength(length: number): void {
  if (length > MAX_BINARY_LENGTH) {
    throw new ReplyError(ERR.STRING_OVER_ENGINE_LIMIT);
  }
}

/**
 * getBitOffsetFromArgument: a bit offset below `maxBytes × 8`. With `bits` (BITFIELD), `#n` means
 * the n-th field of that width, i.e. offset `n × bits`.
 */
export function parseBitOffset(text: string, maxBytes: number, bits?: number): number {
  const isFieldIndex = bits !== undefined && text.startsWith("#");
  const parsed = parseIntegerArg(isFieldIndex ? text.slice(1) : text);
  if (parsed === undefined) {
    throw new ReplyError(ERR.BIT_OFFSET);
  }
  const offset = BigInt(parsed) * BigInt(isFieldIndex ? (bits ?? 1) : 1);
  if (offset < 0n || offset >> 3n >= BigInt(maxBytes)) {
    throw new ReplyError(ERR.BIT_OFFSET);
  }
  return Number(offset);
}

/** The bit at `offset` (bit 0 is the most significant bit of the first byte); 0 past the end. */
export function getBit(value: string, offset: number): 0 | 1 {
  const byte = Math.floor(offset / 8);
  if (byte >= value.length) {
    return 0;
  }
  return ((value.charCodeAt(byte) >> (7 - (offset % 8))) & 1) as 0 | 1;
}

/** `value` grown with zero bytes to at least `length` bytes (sdsgrowzero). */
export function padWithZeros(value: string, length: number): string {
  return value.length >= length ? value : value + "\0".repeat(length - value.length);
}

/** `value` with the byte at `index` replaced. */
export function replaceByte(value: string, index: number, byte: number): string {
  return value.slice(0, index) + String.fromCharCode(byte) + value.slice(index + 1);
}

/**
 * A zero-filled byte buffer of `size` bytes (rounded up to whole 32-bit words, so word views
 * fit) holding `value` from the start, for operations faster on bytes than on strings.
 */
export function stringToBytes(value: string, size: number): Uint8Array {
  const bytes = Buffer.alloc(Math.ceil(size / 4) * 4);
  bytes.write(value, 0, Math.min(value.length, size), "latin1");
  return bytes;
}

/** The first `length` bytes as a binary string. */
export function bytesToString(bytes: Uint8Array, length: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, length).toString("latin1");
}

/** Below this many bytes, counting per character beats converting to a buffer. */
const WORD_COUNT_THRESHOLD = 256;

/** redisPopcount: the set bits in the bytes `start..end` (inclusive) of `value`. */
export function countBits(value: string, start: number, end: number): number {
  const length = end - start + 1;
  let count = 0;
  if (length < WORD_COUNT_THRESHOLD) {
    for (let index = start; index <= end; index++) {
      count += BITS_IN_BYTE[value.charCodeAt(index)] ?? 0;
    }
    return count;
  }
  const bytes = stringToBytes(value.slice(start, end + 1), length);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  // The zero padding of the last word adds nothing.
  for (const word of words) {
    let v = word - ((word >>> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

/** The set bits of one byte. */
export function countByteBits(byte: number): number {
  return BITS_IN_BYTE[byte & 0xff] ?? 0;
}

/**
 * redisBitpos: the position (in bits, from `start`) of the first bit equal to `bit` in the `count`
 * bytes of `value` from `start`. Without one, -1 when looking for 1, and `count × 8` when looking
 * for 0, as if the string went on with zero bits.
 */
export function findBit(
  value: string,
  range: { start: number; count: number },
  bit: 0 | 1,
): number {
  const skip = bit === 1 ? 0 : 0xff;
  const end = range.start + range.count;
  for (let index = range.start; index < end; index++) {
    const byte = value.charCodeAt(index);
    if (byte !== skip) {
      return (index - range.start) * 8 + findBitInByte(byte, bit);
    }
  }
  return bit === 1 ? -1 : range.count * 8;
}

/** The position (0–7, from the most significant bit) of the first `bit` in `byte`, or 8. */
function findBitInByte(byte: number, bit: 0 | 1): number {
  for (let position = 0; position < 8; position++) {
    if (((byte >> (7 - position)) & 1) === bit) {
      return position;
    }
  }
  return 8;
}

/** findBit on a single byte (BITPOS's masked first and last bytes). */
export function findBitInSingleByte(byte: number, bit: 0 | 1): number {
  const position = findBitInByte(byte & 0xff, bit);
  return position === 8 && bit === 1 ? -1 : position;
}

// ---- BITFIELD -------------------------------------------------------------------------------------

export type BitfieldOverflow = "WRAP" | "SAT" | "FAIL";

export interface BitfieldOp {
  readonly kind: "GET" | "SET" | "INCRBY";
  readonly isSigned: boolean;
  readonly bits: number;
  readonly offset: number;
  /** The SET value or INCRBY increment (a signed 64-bit integer). */
  readonly value: bigint;
  readonly overflow: BitfieldOverflow;
}

/**
 * bitfieldGeneric's parsing: every subcommand from `argv[start]` on, each carrying the OVERFLOW
 * mode in force where it appears (WRAP by default).
 */
export function parseBitfieldOps(
  argv: readonly string[],
  start: number,
  maxBytes: number,
): BitfieldOp[] {
  const ops: BitfieldOp[] = [];
  let overflow: BitfieldOverflow = "WRAP";
  for (let index = start; index < argv.length; index++) {
    const remaining = argv.length - index - 1;
    const name = asciiUpper(argv[index] ?? "");
    if (name === "OVERFLOW" && remaining >= 1) {
      index++;
      const mode = asciiUpper(argv[index] ?? "");
      if (mode !== "WRAP" && mode !== "SAT" && mode !== "FAIL") {
        throw new ReplyError(ERR.BITFIELD_OVERFLOW_TYPE);
      }
      overflow = mode;
      continue;
    }
    const isGet = name === "GET" && remaining >= 2;
    if (!(isGet || ((name === "SET" || name === "INCRBY") && remaining >= 3))) {
      throw new ReplyError(ERR.SYNTAX);
    }
    const { isSigned, bits } = parseBitfieldType(argv[index + 1] ?? "");
    const offset = parseBitOffset(argv[index + 2] ?? "", maxBytes, bits);
    let value = 0n;
    if (!isGet) {
      const parsed = parseIntegerArg(argv[index + 3] ?? "");
      if (parsed === undefined) {
        throw new ReplyError(ERR.NOT_INTEGER);
      }
      value = BigInt(parsed);
    }
    ops.push({
      kind: isGet ? "GET" : (name as "SET" | "INCRBY"),
      isSigned,
      bits,
      offset,
      value,
      overflow,
    });
    index += isGet ? 2 : 3;
  }
  return ops;
}

/**
 * getBitfieldTypeFromArgument: `i1`–`i64` or `u1`–`u63` (a u64 could not be replied as a signed
 * 64-bit integer). The prefix is case-sensitive.
 */
function parseBitfieldType(text: string): { isSigned: boolean; bits: number } {
  const prefix = text[0];
  const bits = parseIntegerArg(text.slice(1));
  if (
    (prefix !== "i" && prefix !== "u") ||
    typeof bits !== "number" ||
    bits < 1 ||
    bits > (prefix === "i" ? 64 : 63)
  ) {
    throw new ReplyError(ERR.BITFIELD_TYPE);
  }
  return { isSigned: prefix === "i", bits };
}

/** The highest bit any SET or INCRBY writes, or -1 when there are only GETs. */
export function highestWrittenBit(ops: readonly BitfieldOp[]): number {
  let highest = -1;
  for (const op of ops) {
    if (op.kind !== "GET") {
      highest = Math.max(highest, op.offset + op.bits - 1);
    }
  }
  return highest;
}

/** Reads the field (bit 0 = most significant bit of byte 0; missing bytes are zeros). */
export function readBitfield(
  byteAt: (index: number) => number,
  field: { offset: number; bits: number; isSigned: boolean },
): bigint {
  const first = Math.floor(field.offset / 8);
  const last = Math.floor((field.offset + field.bits - 1) / 8);
  let window = 0n;
  for (let index = first; index <= last; index++) {
    window = (window << 8n) | BigInt(byteAt(index));
  }
  const shift = BigInt((last - first + 1) * 8 - (field.offset % 8) - field.bits);
  const unsigned = BigInt.asUintN(field.bits, window >> shift);
  return field.isSigned ? BigInt.asIntN(field.bits, unsigned) : unsigned;
}

/** Writes the low `bits` bits of `value` (two's complement) into the field. */
export function writeBitfield(
  bytes: Uint8Array,
  field: { offset: number; bits: number },
  value: bigint,
): void {
  const first = Math.floor(field.offset / 8);
  const last = Math.floor((field.offset + field.bits - 1) / 8);
  let window = 0n;
  for (let index = first; index <= last; index++) {
    window = (window << 8n) | BigInt(bytes[index] ?? 0);
  }
  const shift = BigInt((last - first + 1) * 8 - (field.offset % 8) - field.bits);
  const mask = ((1n << BigInt(field.bits)) - 1n) << shift;
  window = (window & ~mask) | ((BigInt.asUintN(field.bits, value) << shift) & mask);
  for (let index = last; index >= first; index--) {
    bytes[index] = Number(window & 0xffn);
    window >>= 8n;
  }
}

/**
 * checkSignedBitfieldOverflow / checkUnsignedBitfieldOverflow: the value a field takes after adding
 * `increment` to `value` (0 for SET), or undefined when it overflows and the mode is FAIL. WRAP
 * keeps the low bits; SAT clamps to the type's range.
 */
export function applyBitfieldOverflow(
  op: { isSigned: boolean; bits: number; overflow: BitfieldOverflow },
  value: bigint,
  increment: bigint,
): bigint | undefined {
  const width = BigInt(op.bits);
  const max = op.isSigned ? (1n << (width - 1n)) - 1n : (1n << width) - 1n;
  const min = op.isSigned ? -max - 1n : 0n;
  const result = value + increment;
  if (result >= min && result <= max) {
    return result;
  }
  switch (op.overflow) {
    case "FAIL":
      return undefined;
    case "SAT":
      return result > max ? max : min;
    case "WRAP":
      return op.isSigned ? BigInt.asIntN(op.bits, result) : BigInt.asUintN(op.bits, result);
    default:
      return assertNever(op.overflow);
  }
}

function assertNever(value: never): never {
  throw new Error(`unexpected value ${String(value)}`);
}
