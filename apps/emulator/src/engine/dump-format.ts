/**
 * The DUMP/RESTORE payload: Redis's framing (src/cluster.c createDumpPayload), so payloads look and
 * check like the real thing:
 *
 *   <RDB object type byte> <object body> <RDB version: u16 LE> <CRC64-Jones of everything before: u64 LE>
 *
 * Object bodies use RDB's primitives (src/rdb.c): length encoding, strings with integer and LZF
 * encodings, binary doubles. Strings are built in here; every other type has a `DumpCodec`, and
 * `dumpValue`/`restoreValue` read them from the table they are given: the engine's is
 * `DUMP_CODECS` in `dump/index.ts` (the list, set, sorted set, hash and stream codecs of
 * `dump/<type>-codec.ts`, and the JSON one of `values/json/parse.ts`). The codecs write the RDB object
 * types Redis 8 writes for the encoding `OBJECT ENCODING` reports, so payloads match a real
 * server's byte for byte where the encoding is deterministic.
 */
import { lzfCompress } from "./dump/lzf.ts";
import type { Container, ContainerValue, StoredValue } from "./values/types.ts";

/** Redis 7.4 and 8 write RDB version 12; older payloads (lower versions) are accepted too. */
export const RDB_VERSION = 12;

/** RDB object type bytes (src/rdb.h RDB_TYPE_*). */
export const RDB_TYPE = {
  STRING: 0,
  LIST: 1,
  SET: 2,
  ZSET: 3,
  HASH: 4,
  ZSET_2: 5,
} as const;

/**
 * The encoding limits (`*-max-listpack-*`, `set-max-intset-entries`, `list-max-listpack-size`)
 * codecs apply: where a quicklist splits into nodes, and which encoding a restored value takes, as
 * `rdbLoadObject` converts after loading.
 */
export interface DumpLimits {
  readonly listMaxListpackSize: number;
  readonly setMaxIntsetEntries: number;
  readonly setMaxListpackEntries: number;
  readonly setMaxListpackValue: number;
  readonly zsetMaxListpackEntries: number;
  readonly zsetMaxListpackValue: number;
  readonly hashMaxListpackEntries: number;
  readonly hashMaxListpackValue: number;
  readonly streamNodeMaxBytes: number;
  readonly streamNodeMaxEntries: number;
}

/** Redis's default configuration (src/config.c). */
export const DEFAULT_DUMP_LIMITS: DumpLimits = {
  listMaxListpackSize: -2,
  setMaxIntsetEntries: 512,
  setMaxListpackEntries: 128,
  setMaxListpackValue: 64,
  zsetMaxListpackEntries: 128,
  zsetMaxListpackValue: 64,
  hashMaxListpackEntries: 128,
  hashMaxListpackValue: 64,
  streamNodeMaxBytes: 4096,
  streamNodeMaxEntries: 100,
};

/** The limits as a configuration holds them now. */
export function dumpLimits(config: { value(name: string): string }): DumpLimits {
  const number = (name: string): number => Number(config.value(name));
  return {
    listMaxListpackSize: number("list-max-listpack-size"),
    // `intsetMaxEntries`: intsets are capped at 2^30 entries whatever the configuration says.
    setMaxIntsetEntries: Math.min(number("set-max-intset-entries"), 2 ** 30),
    setMaxListpackEntries: number("set-max-listpack-entries"),
    setMaxListpackValue: number("set-max-listpack-value"),
    zsetMaxListpackEntries: number("zset-max-listpack-entries"),
    zsetMaxListpackValue: number("zset-max-listpack-value"),
    hashMaxListpackEntries: number("hash-max-listpack-entries"),
    hashMaxListpackValue: number("hash-max-listpack-value"),
    streamNodeMaxBytes: number("stream-node-max-bytes"),
    streamNodeMaxEntries: number("stream-node-max-entries"),
  };
}

/** Thrown by readers on malformed bodies; RESTORE answers `ERR Bad data format`. */
export class DumpFormatError extends Error {
  override readonly name = "DumpFormatError";
}

/** Serialises one container type; listed in `DUMP_CODECS` (`dump/index.ts`). */
export interface DumpCodec {
  /** The `type` of the containers it writes (`list`, `set`, …). */
  readonly type: ContainerValue["type"];
  /** The RDB object types it can read. */
  readonly rdbTypes: readonly number[];
  /** Writes the value: returns the RDB object type byte after writing the body. */
  serialize(value: ContainerValue, writer: DumpWriter, limits: DumpLimits): number;
  /** Reads a body of `rdbType`; throws `DumpFormatError` on malformed input. */
  deserialize(reader: DumpReader, rdbType: number, limits: DumpLimits): Container;
}

/** Container codecs by value type and by the RDB object types they read. */
export class DumpCodecTable {
  readonly #byType = new Map<string, DumpCodec>();
  readonly #byRdbType = new Map<number, DumpCodec>();

  /** Throws if two codecs claim the same value type or RDB object type (a wiring mistake). */
  constructor(codecs: readonly DumpCodec[]) {
    for (const codec of codecs) {
      if (this.#byType.has(codec.type)) {
        throw new Error(`two DUMP codecs for the type ${codec.type}`);
      }
      this.#byType.set(codec.type, codec);
      for (const rdbType of codec.rdbTypes) {
        if (this.#byRdbType.has(rdbType)) {
          throw new Error(`two DUMP codecs for the RDB object type ${rdbType}`);
        }
        this.#byRdbType.set(rdbType, codec);
      }
    }
  }

  forType(type: string): DumpCodec | undefined {
    return this.#byType.get(type);
  }

  forRdbType(rdbType: number): DumpCodec | undefined {
    return this.#byRdbType.get(rdbType);
  }
}

/** The codecs to use and the encoding limits to apply (Redis's defaults when absent). */
export interface DumpOptions {
  readonly codecs: DumpCodecTable;
  readonly limits?: DumpLimits;
}

/** The DUMP payload of `value` (a binary string); undefined when its type has no codec. */
export function dumpValue(value: StoredValue, options: DumpOptions): string | undefined {
  const writer = new DumpWriter();
  let rdbType: number;
  if (typeof value === "string") {
    writer.string(value);
    rdbType = RDB_TYPE.STRING;
  } else {
    const codec = options.codecs.forType(value.type);
    if (codec === undefined) {
      return undefined;
    }
    rdbType = codec.serialize(value, writer, options.limits ?? DEFAULT_DUMP_LIMITS);
  }
  return framePayload(String.fromCharCode(rdbType) + writer.toString());
}

/** Appends the RDB version and the CRC64 footer to an object (type byte and body). */
export function framePayload(object: string): string {
  const framed = object + String.fromCharCode(RDB_VERSION & 0xff, RDB_VERSION >>> 8);
  return framed + crc64Bytes(crc64(framed));
}

export type RestoreResult =
  | { readonly ok: true; readonly value: StoredValue }
  | { readonly ok: false; readonly reason: "checksum" | "format" };

/**
 * Decodes a payload as RESTORE does: the version and checksum first (`checksum` → `ERR DUMP payload
 * version or checksum are wrong`), then the body (`format` → `ERR Bad data format`).
 */
export function restoreValue(payload: string, options: DumpOptions): RestoreResult {
  if (!verifyPayload(payload)) {
    return { ok: false, reason: "checksum" };
  }
  const reader = new DumpReader(payload.slice(0, -10));
  try {
    const rdbType = reader.byte();
    let value: StoredValue;
    if (rdbType === RDB_TYPE.STRING) {
      value = reader.string();
    } else {
      const codec = options.codecs.forRdbType(rdbType);
      if (codec === undefined) {
        return { ok: false, reason: "format" };
      }
      value = codec.deserialize(reader, rdbType, options.limits ?? DEFAULT_DUMP_LIMITS);
    }
    // Trailing bytes mean the body was not what its type byte announced.
    return reader.isAtEnd ? { ok: true, value } : { ok: false, reason: "format" };
  } catch (error: unknown) {
    if (error instanceof DumpFormatError) {
      return { ok: false, reason: "format" };
    }
    throw error;
  }
}

/** `verifyDumpPayload`: at least the 10-byte footer, a known RDB version and a matching CRC. */
export function verifyPayload(payload: string): boolean {
  if (payload.length < 10) {
    return false;
  }
  const footer = payload.length - 10;
  const version = payload.charCodeAt(footer) | (payload.charCodeAt(footer + 1) << 8);
  if (version > RDB_VERSION) {
    return false;
  }
  return crc64Bytes(crc64(payload.slice(0, -8))) === payload.slice(-8);
}

// ---- RDB primitives ---------------------------------------------------------------------------

const ENC_INT8 = 0;
const ENC_INT16 = 1;
const ENC_INT32 = 2;
const ENC_LZF = 3;

/** Builds an object body with RDB's encodings. */
export class DumpWriter {
  readonly #parts: string[] = [];

  byte(value: number): void {
    this.#parts.push(String.fromCharCode(value & 0xff));
  }

  /** Bytes as they are (`rdbWriteRaw`). */
  raw(bytes: string): void {
    this.#parts.push(bytes);
  }

  /** `rdbSaveMillisecondTime`: a signed 64-bit little-endian integer. */
  millisecondTime(value: number): void {
    let unsigned = BigInt.asUintN(64, BigInt(value));
    for (let i = 0; i < 8; i++) {
      this.byte(Number(unsigned & 0xffn));
      unsigned >>= 8n;
    }
  }

  /** RDB length encoding: 6-bit, 14-bit, 32-bit or 64-bit big-endian. */
  length(value: number | bigint): void {
    if (typeof value === "bigint") {
      if (value <= 0xffffffffn) {
        this.length(Number(value));
      } else {
        this.byte(0x81);
        this.#bigEndian(value, 8);
      }
      return;
    }
    if (value < 0x40) {
      this.byte(value);
    } else if (value < 0x4000) {
      this.byte(0x40 | (value >>> 8));
      this.byte(value);
    } else if (value <= 0xffffffff) {
      this.byte(0x80);
      this.#bigEndian(BigInt(value), 4);
    } else {
      this.byte(0x81);
      this.#bigEndian(BigInt(value), 8);
    }
  }

  /**
   * An RDB string, as `rdbSaveRawString` writes it: integers of up to 11 characters that fit 32
   * bits in the integer encodings, strings over 20 bytes LZF-compressed when that saves at least
   * 4 bytes (`rdbSaveLzfStringObject`, with `rdbcompression yes`), everything else verbatim.
   */
  string(value: string): void {
    if (value.length <= 11 && INTEGER_TEXT.test(value)) {
      const n = Number(value);
      if (n >= -128 && n <= 127) {
        this.byte(0xc0 | ENC_INT8);
        this.byte(n);
        return;
      }
      if (n >= -32768 && n <= 32767) {
        this.byte(0xc0 | ENC_INT16);
        this.byte(n);
        this.byte(n >> 8);
        return;
      }
      if (n >= -2147483648 && n <= 2147483647) {
        this.byte(0xc0 | ENC_INT32);
        for (let shift = 0; shift < 32; shift += 8) {
          this.byte(n >> shift);
        }
        return;
      }
    }
    if (value.length > 20) {
      const compressed = lzfCompress(value, value.length - 4);
      if (compressed !== undefined) {
        this.byte(0xc0 | ENC_LZF);
        this.length(compressed.length);
        this.length(value.length);
        this.#parts.push(compressed);
        return;
      }
    }
    this.length(value.length);
    this.#parts.push(value);
  }

  /** A binary double, little-endian (`rdbSaveBinaryDoubleValue`). */
  double(value: number): void {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, value, true);
    for (let i = 0; i < 8; i++) {
      this.byte(view.getUint8(i));
    }
  }

  toString(): string {
    return this.#parts.join("");
  }

  #bigEndian(value: bigint, bytes: number): void {
    for (let i = bytes - 1; i >= 0; i--) {
      this.byte(Number((value >> BigInt(i * 8)) & 0xffn));
    }
  }
}

/** `string2ll`-canonical integers only: "007" or "+1" must round-trip as text. */
const INTEGER_TEXT = /^(?:0|-?[1-9][0-9]*)$/;

/** Reads an object body; every read past the end throws `DumpFormatError`. */
export class DumpReader {
  readonly #data: string;
  #offset = 0;

  constructor(data: string) {
    this.#data = data;
  }

  get isAtEnd(): boolean {
    return this.#offset === this.#data.length;
  }

  /** Bytes read so far (RDB files name the offset of a corrupt entry). */
  get offset(): number {
    return this.#offset;
  }

  byte(): number {
    if (this.#offset >= this.#data.length) {
      throw new DumpFormatError("unexpected end of payload");
    }
    return this.#data.charCodeAt(this.#offset++);
  }

  /** `length` bytes as they are. */
  raw(length: number): string {
    return this.#take(length);
  }

  /** `rdbLoadMillisecondTime`: a signed 64-bit little-endian integer. */
  millisecondTime(): number {
    let value = 0n;
    for (let i = 0; i < 8; i++) {
      value |= BigInt(this.byte()) << BigInt(8 * i);
    }
    return Number(BigInt.asIntN(64, value));
  }

  /** A plain length of up to 64 bits (stream IDs and counters), a number when it is safe. */
  bigLength(): number | bigint {
    const first = this.byte();
    if (first !== 0x81) {
      this.#offset--;
      return this.length();
    }
    let value = 0n;
    for (let i = 0; i < 8; i++) {
      value = (value << 8n) | BigInt(this.byte());
    }
    return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  }

  /** A plain length; an encoded-string marker here is malformed. */
  length(): number {
    const { value, isEncoded } = this.#lengthOrEncoding();
    if (isEncoded) {
      throw new DumpFormatError("unexpected string encoding");
    }
    return value;
  }

  string(): string {
    const { value, isEncoded } = this.#lengthOrEncoding();
    if (!isEncoded) {
      return this.#take(value);
    }
    switch (value) {
      case ENC_INT8:
        return String((this.byte() << 24) >> 24);
      case ENC_INT16:
        return String(((this.byte() | (this.byte() << 8)) << 16) >> 16);
      case ENC_INT32:
        return String(this.byte() | (this.byte() << 8) | (this.byte() << 16) | (this.byte() << 24));
      case ENC_LZF: {
        const compressedLength = this.length();
        const length = this.length();
        return lzfDecompress(this.#take(compressedLength), length);
      }
      default:
        throw new DumpFormatError("unknown string encoding");
    }
  }

  double(): number {
    const view = new DataView(new ArrayBuffer(8));
    for (let i = 0; i < 8; i++) {
      view.setUint8(i, this.byte());
    }
    return view.getFloat64(0, true);
  }

  #take(length: number): string {
    if (this.#offset + length > this.#data.length) {
      throw new DumpFormatError("unexpected end of payload");
    }
    const value = this.#data.slice(this.#offset, this.#offset + length);
    this.#offset += length;
    return value;
  }

  #lengthOrEncoding(): { value: number; isEncoded: boolean } {
    const first = this.byte();
    switch (first >>> 6) {
      case 0:
        return { value: first & 0x3f, isEncoded: false };
      case 1:
        return { value: ((first & 0x3f) << 8) | this.byte(), isEncoded: false };
      case 3:
        return { value: first & 0x3f, isEncoded: true };
      default:
        break;
    }
    if (first !== 0x80 && first !== 0x81) {
      throw new DumpFormatError("unknown length encoding");
    }
    let value = 0n;
    for (let i = first === 0x80 ? 4 : 8; i > 0; i--) {
      value = (value << 8n) | BigInt(this.byte());
    }
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new DumpFormatError("length out of range");
    }
    return { value: Number(value), isEncoded: false };
  }
}

/** LZF decompression (deps/lzf/lzf_d.c), for payloads produced by a real Redis. */
function lzfDecompress(input: string, expectedLength: number): string {
  const output: number[] = [];
  let i = 0;
  while (i < input.length) {
    const control = input.charCodeAt(i++);
    if (control < 32) {
      // A literal run of control + 1 bytes.
      for (let n = 0; n <= control; n++) {
        if (i >= input.length) {
          throw new DumpFormatError("truncated LZF literal");
        }
        output.push(input.charCodeAt(i++));
      }
      continue;
    }
    // A back reference: length in the top 3 bits (7 = one more length byte), 13-bit offset.
    let length = control >>> 5;
    if (length === 7) {
      length += input.charCodeAt(i++);
    }
    const from = output.length - ((control & 0x1f) << 8) - input.charCodeAt(i++) - 1;
    if (from < 0 || i > input.length) {
      throw new DumpFormatError("bad LZF back reference");
    }
    for (let n = 0; n < length + 2; n++) {
      output.push(output[from + n] as number);
    }
  }
  if (output.length !== expectedLength) {
    throw new DumpFormatError("LZF length mismatch");
  }
  let text = "";
  for (let start = 0; start < output.length; start += 8192) {
    text += String.fromCharCode(...output.slice(start, start + 8192));
  }
  return text;
}

// ---- CRC64 ------------------------------------------------------------------------------------

/**
 * Redis's CRC-64/Jones (src/crc64.c): reflected polynomial 0xad93d23594c935a9, zero init, no final
 * xor. Kept as two 32-bit halves so the per-byte loop avoids bigint.
 */
const CRC_TABLE_HIGH = new Uint32Array(256);
const CRC_TABLE_LOW = new Uint32Array(256);
(() => {
  const polyHigh = 0x95ac9329;
  const polyLow = 0xac4bc9b5; // 0xad93d23594c935a9 bit-reversed: 0x95ac9329ac4bc9b5
  for (let n = 0; n < 256; n++) {
    let high = 0;
    let low = n;
    for (let bit = 0; bit < 8; bit++) {
      const carry = low & 1;
      low = ((low >>> 1) | ((high & 1) << 31)) >>> 0;
      high >>>= 1;
      if (carry !== 0) {
        high = (high ^ polyHigh) >>> 0;
        low = (low ^ polyLow) >>> 0;
      }
    }
    CRC_TABLE_HIGH[n] = high;
    CRC_TABLE_LOW[n] = low;
  }
})();

/** CRC64 of a binary string as [high, low] 32-bit halves. */
export function crc64(data: string): [number, number] {
  let high = 0;
  let low = 0;
  for (let i = 0; i < data.length; i++) {
    const index = (low ^ data.charCodeAt(i)) & 0xff;
    low = ((low >>> 8) | ((high & 0xff) << 24)) >>> 0;
    high >>>= 8;
    high = (high ^ (CRC_TABLE_HIGH[index] as number)) >>> 0;
    low = (low ^ (CRC_TABLE_LOW[index] as number)) >>> 0;
  }
  return [high, low];
}

/** The CRC as 8 little-endian bytes (Redis writes it with memrev64ifbe, i.e. little-endian). */
export function crc64Bytes([high, low]: [number, number]): string {
  let text = "";
  for (let shift = 0; shift < 32; shift += 8) {
    text += String.fromCharCode((low >>> shift) & 0xff);
  }
  for (let shift = 0; shift < 32; shift += 8) {
    text += String.fromCharCode((high >>> shift) & 0xff);
  }
  return text;
}
