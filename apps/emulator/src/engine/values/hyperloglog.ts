/**
 * HyperLogLog values, byte-compatible with Redis (src/hyperloglog.c). An HLL is a plain string:
 *
 * - a 16-byte header: `HYLL`, the encoding (0 dense, 1 sparse), three unused bytes, and the cached
 *   cardinality as a little-endian uint64 whose most significant bit marks it stale;
 * - dense: 16384 six-bit registers packed LSB first (12288 bytes);
 * - sparse: run-length opcodes — ZERO `00xxxxxx` (1–64 zero registers), XZERO `01xxxxxx yyyyyyyy`
 *   (1–16384 zero registers), VAL `1vvvvvxx` (1–4 registers of value 1–32).
 *
 * Elements are hashed with MurmurHash64A (seed 0xadc83b19): the low 14 bits pick the register and
 * the run of zeros above them (plus one) is the value. The sparse form is edited in place exactly as
 * Redis does (splitting a run, then merging adjacent VALs), so GET returns Redis's bytes, and it is
 * promoted to dense past `hll-sparse-max-bytes` or for a value above 32. Cardinality uses Redis's
 * estimator (Ertl's improved raw estimator with the tau and sigma functions).
 *
 * The 64-bit hash is computed on two 32-bit halves with `Math.imul`; no BigInt on the hot path.
 */
import type { ConfigApi } from "../config.ts";
import { ERR, ReplyError } from "../errors.ts";
import type { Database } from "../keyspace.ts";

export const HLL_REGISTERS = 16384;
const HLL_P_MASK = HLL_REGISTERS - 1;
/** Bits of the hash counted for the zero run: 64 − P. */
const HLL_Q = 50;
const HLL_HDR_SIZE = 16;
export const HLL_DENSE_SIZE = HLL_HDR_SIZE + (HLL_REGISTERS * 6) / 8;
export const HLL_DENSE = 0;
export const HLL_SPARSE = 1;
const HLL_SPARSE_VAL_MAX_VALUE = 32;
const HLL_SPARSE_VAL_MAX_LEN = 4;
const HLL_SPARSE_ZERO_MAX_LEN = 64;
/** 0.5 / ln(2), the estimator's constant (Redis writes 0.721347520444481703680, the same double). */
const HLL_ALPHA_INF = 0.7213475204444817;
const TWO_32 = 2 ** 32;

// ---- MurmurHash64A ------------------------------------------------------------------------------

const M_HI = 0xc6a4a793;
const M_LO = 0x5bd1e995;
const SEED = 0xadc83b19;

/**
 * The high 32 bits of the 64-bit product of two uint32 values, from 16-bit partial products (each
 * below 2^32, so plain integer arithmetic stays exact).
 */
function mulHigh(a: number, b: number): number {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const middle = ((a0 * b0) >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  return a1 * b1 + (p01 >>> 16) + (p10 >>> 16) + (middle >>> 16);
}

/** The high word of (hi:lo × m) mod 2^64; the low word is `Math.imul(lo, M_LO)`. */
function mulMHigh(hi: number, lo: number): number {
  return (mulHigh(lo, M_LO) + Math.imul(lo, M_HI) + Math.imul(hi, M_LO)) >>> 0;
}

/** The last hash, as [high, low] words: a reused buffer keeps the hot path allocation-free. */
const HASH = new Uint32Array(2);

/** MurmurHash64A's per-block step: h = (h ^ (k * m ^ (k * m) >> 47) * m) * m. */
function mixBlock(kHi: number, kLo: number): void {
  // k *= m; k ^= k >> 47; k *= m
  let hi = mulMHigh(kHi, kLo);
  let lo = Math.imul(kLo, M_LO) >>> 0;
  lo = (lo ^ (hi >>> 15)) >>> 0;
  const nextHi = mulMHigh(hi, lo);
  lo = Math.imul(lo, M_LO) >>> 0;
  hi = nextHi;
  // h ^= k; h *= m
  const hHi = ((HASH[0] ?? 0) ^ hi) >>> 0;
  const hLo = ((HASH[1] ?? 0) ^ lo) >>> 0;
  HASH[0] = mulMHigh(hHi, hLo);
  HASH[1] = Math.imul(hLo, M_LO);
}

/** h = seed ^ (len * m). */
function startHash(length: number): void {
  HASH[0] = mulHigh(length, M_LO) + Math.imul(length, M_HI);
  HASH[1] = (Math.imul(length, M_LO) ^ SEED) >>> 0;
}

/** h ^= h >> 47; h *= m; h ^= h >> 47 */
function finishHash(): void {
  const hi = HASH[0] ?? 0;
  const lo = ((HASH[1] ?? 0) ^ (hi >>> 15)) >>> 0;
  const nextHi = mulMHigh(hi, lo);
  HASH[0] = nextHi;
  HASH[1] = (Math.imul(lo, M_LO) ^ (nextHi >>> 15)) >>> 0;
}

/** MurmurHash64A of a binary string into `HASH`; blocks are read little-endian, as Redis does. */
function hashString(data: string): void {
  const length = data.length;
  startHash(length);
  const blocks = length - (length & 7);
  for (let i = 0; i < blocks; i += 8) {
    const kLo =
      data.charCodeAt(i) |
      (data.charCodeAt(i + 1) << 8) |
      (data.charCodeAt(i + 2) << 16) |
      (data.charCodeAt(i + 3) << 24);
    const kHi =
      data.charCodeAt(i + 4) |
      (data.charCodeAt(i + 5) << 8) |
      (data.charCodeAt(i + 6) << 16) |
      (data.charCodeAt(i + 7) << 24);
    mixBlock(kHi >>> 0, kLo >>> 0);
  }
  const tail = length & 7;
  if (tail > 0) {
    let hi = HASH[0] ?? 0;
    let lo = HASH[1] ?? 0;
    for (let i = tail - 1; i >= 0; i--) {
      const byte = data.charCodeAt(blocks + i);
      if (i >= 4) {
        hi ^= byte << ((i - 4) * 8);
      } else {
        lo ^= byte << (i * 8);
      }
    }
    HASH[0] = mulMHigh(hi >>> 0, lo >>> 0);
    HASH[1] = Math.imul(lo, M_LO);
  }
  finishHash();
}

/** MurmurHash64A of a binary string with Redis's seed, as [high 32 bits, low 32 bits]. */
export function murmurHash64A(data: string): [number, number] {
  hashString(data);
  return [HASH[0] ?? 0, HASH[1] ?? 0];
}

/** Index of the lowest set bit of a non-zero 32-bit value. */
function trailingZeros(value: number): number {
  return 31 - Math.clz32(value & -value);
}

/**
 * `hllPatLen` on the hash in `HASH`: the register (low 14 bits) and the length of the 000…1
 * pattern above them, at most Q + 1 = 51, packed as `count * HLL_REGISTERS + index`.
 */
function patternOfHash(): number {
  const hi = HASH[0] ?? 0;
  const lo = HASH[1] ?? 0;
  const index = lo & HLL_P_MASK;
  const shiftedLo = ((lo >>> 14) | (hi << 18)) >>> 0;
  // Bit Q (50) is forced on so the count stops at Q + 1.
  const shiftedHi = (hi >>> 14) | (1 << (HLL_Q - 32));
  const zeros = shiftedLo !== 0 ? trailingZeros(shiftedLo) : 32 + trailingZeros(shiftedHi);
  return (zeros + 1) * HLL_REGISTERS + index;
}

/** The packed register/count pattern of an element (a binary string). */
export function patternOfElement(element: string): number {
  hashString(element);
  return patternOfHash();
}

/** The pattern of an 8-byte little-endian word (PFSELFTEST's elements), without a string. */
export function patternOfWord(wordHi: number, wordLo: number): number {
  startHash(8);
  mixBlock(wordHi, wordLo);
  finishHash();
  return patternOfHash();
}

// ---- the value ----------------------------------------------------------------------------------

/**
 * An HLL being edited: the bytes plus spare room, like an sds string. `bytes[length]` is always 0,
 * the sds terminator Redis's parsers may read one byte past the end of a corrupt value.
 */
export class HyperLogLog {
  bytes: Uint8Array;
  length: number;

  private constructor(bytes: Uint8Array, length: number) {
    this.bytes = bytes;
    this.length = length;
  }

  /** An empty HLL: sparse, one XZERO opcode covering every register, cached cardinality 0. */
  static create(): HyperLogLog {
    const hll = new HyperLogLog(new Uint8Array(HLL_HDR_SIZE + 2 + 8), HLL_HDR_SIZE + 2);
    hll.bytes.set([0x48, 0x59, 0x4c, 0x4c, HLL_SPARSE]);
    setXzero(hll.bytes, HLL_HDR_SIZE, HLL_REGISTERS);
    return hll;
  }

  /** A dense HLL with every register 0 (PFSELFTEST's reference). */
  static createDense(): HyperLogLog {
    const hll = new HyperLogLog(new Uint8Array(HLL_DENSE_SIZE + 1), HLL_DENSE_SIZE);
    hll.bytes.set([0x48, 0x59, 0x4c, 0x4c, HLL_DENSE]);
    return hll;
  }

  /** The HLL stored as `value` (which `isValidHyperLogLog` accepted). */
  static fromString(value: string): HyperLogLog {
    const bytes = new Uint8Array(value.length + 8);
    const length = bytes.length - 8;
    Buffer.from(bytes.buffer, 0, length).write(value, "latin1");
    return new HyperLogLog(bytes, length);
  }

  toString(): string {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.length).toString("latin1");
  }

  get encoding(): number {
    return this.bytes[4] ?? HLL_DENSE;
  }

  /** `sdsMakeRoomFor`: room for `extra` more bytes plus the terminator. */
  reserve(extra: number): void {
    if (this.length + extra + 1 <= this.bytes.length) {
      return;
    }
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra + 1));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** `sdsIncrLen`: adjusts the length and rewrites the terminator. */
  resize(delta: number): void {
    this.length += delta;
    this.bytes[this.length] = 0;
  }

  /** Marks the cached cardinality stale (`HLL_INVALIDATE_CACHE`). */
  invalidateCache(): void {
    this.bytes[15] = (this.bytes[15] ?? 0) | 0x80;
  }

  /** Stores a freshly computed cardinality (a uint64, as a number or bigint) in the header. */
  setCachedCardinality(cardinality: number | bigint): void {
    let value = BigInt(cardinality);
    for (let i = 8; i < 16; i++) {
      this.bytes[i] = Number(value & 0xffn);
      value >>= 8n;
    }
  }
}

/** `isHLLObjectOrReply`'s checks on a string value: magic, known encoding, exact dense size. */
export function isValidHyperLogLog(value: string): boolean {
  if (value.length < HLL_HDR_SIZE || !value.startsWith("HYLL")) {
    return false;
  }
  const encoding = value.charCodeAt(4);
  if (encoding > HLL_SPARSE) {
    return false;
  }
  return encoding !== HLL_DENSE || value.length === HLL_DENSE_SIZE;
}

/**
 * The cached cardinality of a stored HLL string when it is valid (the stale bit clear), else
 * undefined. Read straight from the string so a cached PFCOUNT copies nothing.
 */
export function cachedCardinality(value: string): number | bigint | undefined {
  const hi =
    (value.charCodeAt(12) |
      (value.charCodeAt(13) << 8) |
      (value.charCodeAt(14) << 16) |
      (value.charCodeAt(15) << 24)) >>>
    0;
  if (hi >= 0x80000000) {
    return undefined;
  }
  const lo =
    (value.charCodeAt(8) |
      (value.charCodeAt(9) << 8) |
      (value.charCodeAt(10) << 16) |
      (value.charCodeAt(11) << 24)) >>>
    0;
  return hi < 2 ** 21 ? hi * TWO_32 + lo : (BigInt(hi) << 32n) | BigInt(lo);
}

// ---- dense registers ----------------------------------------------------------------------------

/** `HLL_DENSE_GET_REGISTER` on the registers after the 16-byte header. */
function getRegister(bytes: Uint8Array, index: number): number {
  const bit = index * 6;
  const byte = HLL_HDR_SIZE + (bit >>> 3);
  const shift = bit & 7;
  return (((bytes[byte] ?? 0) >>> shift) | ((bytes[byte + 1] ?? 0) << (8 - shift))) & 63;
}

/** `HLL_DENSE_SET_REGISTER`; bits shifted past a byte are dropped, as the uint8 stores do. */
function setRegister(bytes: Uint8Array, index: number, value: number): void {
  const bit = index * 6;
  const byte = HLL_HDR_SIZE + (bit >>> 3);
  const shift = bit & 7;
  bytes[byte] = ((bytes[byte] ?? 0) & ~(63 << shift)) | (value << shift);
  bytes[byte + 1] = ((bytes[byte + 1] ?? 0) & ~(63 >>> (8 - shift))) | (value >>> (8 - shift));
}

/** `hllDenseSet`: raises a register to `count`; 1 if it changed. */
function denseSet(bytes: Uint8Array, index: number, count: number): number {
  if (count > getRegister(bytes, index)) {
    setRegister(bytes, index, count);
    return 1;
  }
  return 0;
}

/** The value of register `index` of a dense HLL. */
export function denseRegister(hll: HyperLogLog, index: number): number {
  return getRegister(hll.bytes, index);
}

/** Sets register `index` of a dense HLL to `value` (PFSELFTEST's register test). */
export function setDenseRegister(hll: HyperLogLog, index: number, value: number): void {
  setRegister(hll.bytes, index, value);
}

// ---- sparse opcodes -----------------------------------------------------------------------------

const isZero = (op: number): boolean => (op & 0xc0) === 0;
const isXzero = (op: number): boolean => (op & 0xc0) === 0x40;
const isVal = (op: number): boolean => (op & 0x80) !== 0;
const zeroLength = (op: number): number => (op & 0x3f) + 1;
const xzeroLength = (op: number, next: number): number => (((op & 0x3f) << 8) | next) + 1;
const valValue = (op: number): number => ((op >>> 2) & 0x1f) + 1;
const valLength = (op: number): number => (op & 0x3) + 1;
const valOpcode = (value: number, length: number): number =>
  ((value - 1) << 2) | (length - 1) | 0x80;

function setXzero(bytes: Uint8Array, at: number, length: number): void {
  bytes[at] = ((length - 1) >>> 8) | 0x40;
  bytes[at + 1] = (length - 1) & 0xff;
}

/** Appends a ZERO opcode, or an XZERO one for runs longer than 64. */
function writeZeros(bytes: number[], length: number): void {
  if (length > HLL_SPARSE_ZERO_MAX_LEN) {
    bytes.push(((length - 1) >>> 8) | 0x40, (length - 1) & 0xff);
  } else {
    bytes.push(length - 1);
  }
}

/**
 * `hllSparseToDense`: rewrites a sparse HLL as dense, keeping the header (and so the cached
 * cardinality). False when the opcodes do not cover exactly 16384 registers.
 */
export function sparseToDense(hll: HyperLogLog): boolean {
  if (hll.encoding === HLL_DENSE) {
    return true;
  }
  const source = hll.bytes;
  const dense = new Uint8Array(HLL_DENSE_SIZE + 1);
  dense.set(source.subarray(0, HLL_HDR_SIZE));
  dense[4] = HLL_DENSE;
  let index = 0;
  let p = HLL_HDR_SIZE;
  const end = hll.length;
  while (p < end) {
    const op = source[p] ?? 0;
    if (isZero(op)) {
      index += zeroLength(op);
      p++;
    } else if (isXzero(op)) {
      index += xzeroLength(op, source[p + 1] ?? 0);
      p += 2;
    } else {
      const runLength = valLength(op);
      const value = valValue(op);
      if (runLength + index > HLL_REGISTERS) {
        break; // Overflow: a corrupt value.
      }
      for (let i = 0; i < runLength; i++) {
        setRegister(dense, index++, value);
      }
      p++;
    }
  }
  if (index !== HLL_REGISTERS) {
    return false;
  }
  hll.bytes = dense;
  hll.length = HLL_DENSE_SIZE;
  return true;
}

/** Where `sparseSet`'s first step found the register: the opcode at `p` covering it. */
interface SparseCursor {
  p: number;
  prev: number;
  first: number;
  span: number;
}

/** Step 1 of `hllSparseSet`: the opcode covering register `index`, or undefined if corrupt. */
function locate(hll: HyperLogLog, index: number): SparseCursor | undefined {
  const bytes = hll.bytes;
  const end = hll.length;
  const cursor: SparseCursor = { p: HLL_HDR_SIZE, prev: -1, first: 0, span: 0 };
  while (cursor.p < end) {
    const op = bytes[cursor.p] ?? 0;
    let opLength = 1;
    if (isZero(op)) {
      cursor.span = zeroLength(op);
    } else if (isVal(op)) {
      cursor.span = valLength(op);
    } else {
      cursor.span = xzeroLength(op, bytes[cursor.p + 1] ?? 0);
      opLength = 2;
    }
    if (index <= cursor.first + cursor.span - 1) {
      break;
    }
    cursor.prev = cursor.p;
    cursor.p += opLength;
    cursor.first += cursor.span;
  }
  return cursor.span === 0 || cursor.p >= end ? undefined : cursor;
}

/** The opcodes replacing the one at the cursor when register `index` becomes `count` (step 2 D). */
function splitSequence(
  hll: HyperLogLog,
  cursor: SparseCursor,
  update: { index: number; count: number },
): number[] {
  const op = hll.bytes[cursor.p] ?? 0;
  const { index, count } = update;
  const last = cursor.first + cursor.span - 1;
  const sequence: number[] = [];
  if (isZero(op) || isXzero(op)) {
    if (index !== cursor.first) {
      writeZeros(sequence, index - cursor.first);
    }
    sequence.push(valOpcode(count, 1));
    if (index !== last) {
      writeZeros(sequence, last - index);
    }
  } else {
    const current = valValue(op);
    if (index !== cursor.first) {
      sequence.push(valOpcode(current, index - cursor.first));
    }
    sequence.push(valOpcode(count, 1));
    if (index !== last) {
      sequence.push(valOpcode(current, last - index));
    }
  }
  return sequence;
}

/** Step 4 of `hllSparseSet`: merges adjacent VALs of the same value, scanning up to 5 opcodes. */
function mergeAdjacentValues(hll: HyperLogLog, start: number): void {
  const bytes = hll.bytes;
  let end = hll.length;
  let p = start;
  let scanLength = 5;
  while (p < end && scanLength-- !== 0) {
    const op = bytes[p] ?? 0;
    if (isXzero(op)) {
      p += 2;
      continue;
    }
    if (isZero(op)) {
      p++;
      continue;
    }
    const next = bytes[p + 1] ?? 0;
    if (p + 1 < end && isVal(next) && valValue(op) === valValue(next)) {
      const length = valLength(op) + valLength(next);
      if (length <= HLL_SPARSE_VAL_MAX_LEN) {
        bytes[p + 1] = valOpcode(valValue(op), length);
        bytes.copyWithin(p, p + 1, end + 1);
        hll.resize(-1);
        end--;
        // Stay on the merged opcode: it may merge with the next one too.
        continue;
      }
    }
    p++;
  }
}

/**
 * `hllSparseSet`: raises register `index` to `count` in a sparse HLL, splitting the run that
 * covers it; promotes to dense for a value above 32 or when the value would grow past
 * `maxSparseBytes`. 1 if the register changed, 0 if not, −1 if the value is corrupt.
 */
function sparseSet(
  hll: HyperLogLog,
  update: { index: number; count: number },
  maxSparseBytes: number,
): number {
  const { index, count } = update;
  if (count > HLL_SPARSE_VAL_MAX_VALUE) {
    return promote(hll, update);
  }
  // The worst case (XZERO → XZERO VAL XZERO) grows the value by 3 bytes.
  hll.reserve(3);
  const cursor = locate(hll, index);
  if (cursor === undefined) {
    return -1;
  }
  const bytes = hll.bytes;
  const op = bytes[cursor.p] ?? 0;
  const runLength = cursor.span;
  if (isVal(op)) {
    // A: already at least this value. B: a single-register VAL is updated in place.
    if (valValue(op) >= count) {
      return 0;
    }
    if (runLength === 1) {
      bytes[cursor.p] = valOpcode(count, 1);
      return updated(hll, cursor.prev);
    }
  }
  // C: a single zero register becomes a VAL.
  if (isZero(op) && runLength === 1) {
    bytes[cursor.p] = valOpcode(count, 1);
    return updated(hll, cursor.prev);
  }
  // D: split the run, then splice the new opcodes in place of the old one.
  const sequence = splitSequence(hll, cursor, update);
  const oldLength = isXzero(op) ? 2 : 1;
  const delta = sequence.length - oldLength;
  if (delta > 0 && hll.length + delta > maxSparseBytes) {
    return promote(hll, update);
  }
  const next = cursor.p + oldLength;
  if (delta !== 0 && next < hll.length) {
    bytes.copyWithin(next + delta, next, hll.length);
  }
  hll.resize(delta);
  bytes.set(sequence, cursor.p);
  return updated(hll, cursor.prev);
}

function updated(hll: HyperLogLog, prev: number): number {
  mergeAdjacentValues(hll, prev === -1 ? HLL_HDR_SIZE : prev);
  hll.invalidateCache();
  return 1;
}

/** Converts to dense and sets the register there; −1 if the sparse value was corrupt. */
function promote(hll: HyperLogLog, update: { index: number; count: number }): number {
  if (!sparseToDense(hll)) {
    return -1;
  }
  // The register needed raising in the sparse form, so it does in the dense one too.
  return denseSet(hll.bytes, update.index, update.count);
}

/**
 * `hllAdd`: adds an element (a binary string). 1 if a register changed, 0 if not, −1 if the value
 * is corrupt.
 */
export function addElement(hll: HyperLogLog, element: string, maxSparseBytes: number): number {
  return setPattern(hll, patternOfElement(element), maxSparseBytes);
}

/** Raises the register of a packed `patternOfElement` result in either encoding. */
export function setPattern(hll: HyperLogLog, pattern: number, maxSparseBytes: number): number {
  const index = pattern & HLL_P_MASK;
  const count = Math.floor(pattern / HLL_REGISTERS);
  if (hll.encoding === HLL_DENSE) {
    return denseSet(hll.bytes, index, count);
  }
  return sparseSet(hll, { index, count }, maxSparseBytes);
}

/**
 * `hllSparseSet`/`hllDenseSet` for PFMERGE: raises register `index` to `count` in the current
 * encoding (the result of a corrupt sparse value is ignored, as Redis does).
 */
export function raiseRegister(
  hll: HyperLogLog,
  update: { index: number; count: number },
  maxSparseBytes: number,
): void {
  if (hll.encoding === HLL_DENSE) {
    denseSet(hll.bytes, update.index, update.count);
  } else {
    sparseSet(hll, update, maxSparseBytes);
  }
}

// ---- merging and counting -----------------------------------------------------------------------

/**
 * `hllMerge`: max[i] = max(max[i], register i) over a validated HLL. False for a sparse value
 * whose opcodes do not cover exactly 16384 registers.
 */
export function mergeInto(max: Uint8Array, hll: HyperLogLog): boolean {
  const bytes = hll.bytes;
  if (hll.encoding === HLL_DENSE) {
    for (let i = 0; i < HLL_REGISTERS; i++) {
      const value = getRegister(bytes, i);
      if (value > (max[i] ?? 0)) {
        max[i] = value;
      }
    }
    return true;
  }
  let index = 0;
  let p = HLL_HDR_SIZE;
  const end = hll.length;
  while (p < end) {
    const op = bytes[p] ?? 0;
    if (isZero(op)) {
      index += zeroLength(op);
      p++;
    } else if (isXzero(op)) {
      index += xzeroLength(op, bytes[p + 1] ?? 0);
      p += 2;
    } else {
      const runLength = valLength(op);
      const value = valValue(op);
      if (runLength + index > HLL_REGISTERS) {
        break;
      }
      for (let i = 0; i < runLength; i++, index++) {
        if (value > (max[index] ?? 0)) {
          max[index] = value;
        }
      }
      p++;
    }
  }
  return index === HLL_REGISTERS;
}

/** The register histogram of an HLL, or undefined for a corrupt sparse value. */
function histogram(hll: HyperLogLog): Int32Array | undefined {
  const counts = new Int32Array(64);
  const bytes = hll.bytes;
  if (hll.encoding === HLL_DENSE) {
    for (let i = 0; i < HLL_REGISTERS; i++) {
      const value = getRegister(bytes, i);
      counts[value] = (counts[value] ?? 0) + 1;
    }
    return counts;
  }
  let index = 0;
  let p = HLL_HDR_SIZE;
  const end = hll.length;
  while (p < end) {
    const op = bytes[p] ?? 0;
    if (isZero(op) || isXzero(op)) {
      const runLength = isZero(op) ? zeroLength(op) : xzeroLength(op, bytes[p + 1] ?? 0);
      index += runLength;
      counts[0] = (counts[0] ?? 0) + runLength;
      p += isZero(op) ? 1 : 2;
    } else {
      const runLength = valLength(op);
      index += runLength;
      counts[valValue(op)] = (counts[valValue(op)] ?? 0) + runLength;
      p++;
    }
  }
  return index === HLL_REGISTERS ? counts : undefined;
}

/** `hllSigma` (Ertl, arXiv:1702.01284). */
function sigma(value: number): number {
  if (value === 1) {
    return Number.POSITIVE_INFINITY;
  }
  let x = value;
  let y = 1;
  let z = x;
  let previous: number;
  do {
    x *= x;
    previous = z;
    z += x * y;
    y += y;
  } while (previous !== z);
  return z;
}

/** `hllTau` (Ertl, arXiv:1702.01284). */
function tau(value: number): number {
  if (value === 0 || value === 1) {
    return 0;
  }
  let x = value;
  let y = 1.0;
  let z = 1 - x;
  let previous: number;
  do {
    x = Math.sqrt(x);
    previous = z;
    y *= 0.5;
    const d = 1 - x;
    z -= d * d * y;
  } while (previous !== z);
  return z / 3;
}

/**
 * The estimator of `hllCount` on a register histogram. The result is a uint64: a number, or a
 * bigint for the degenerate all-registers-saturated case where Redis's `llroundl(inf)` yields 2^63.
 */
function estimate(counts: Int32Array): number | bigint {
  const m = HLL_REGISTERS;
  let z = m * tau((m - (counts[HLL_Q + 1] ?? 0)) / m);
  for (let j = HLL_Q; j >= 1; --j) {
    z += counts[j] ?? 0;
    z *= 0.5;
  }
  z += m * sigma((counts[0] ?? 0) / m);
  const raw = (HLL_ALPHA_INF * m * m) / z;
  if (!(raw < 2 ** 63)) {
    // llroundl overflows to LLONG_MIN, which Redis's uint64 cast turns into 2^63.
    return 2n ** 63n;
  }
  // llroundl: half away from zero (the value is positive).
  const rounded = Math.round(raw);
  return rounded > Number.MAX_SAFE_INTEGER ? BigInt(rounded) : rounded;
}

/** `hllCount` of one HLL, or undefined when a sparse value is corrupt. */
export function countHyperLogLog(hll: HyperLogLog): number | bigint | undefined {
  const counts = histogram(hll);
  return counts === undefined ? undefined : estimate(counts);
}

/** `hllCount` of raw 8-bit registers (multi-key PFCOUNT's merged registers). */
export function countRegisters(registers: Uint8Array): number | bigint {
  const counts = new Int32Array(64);
  for (let i = 0; i < HLL_REGISTERS; i++) {
    const value = registers[i] ?? 0;
    counts[value] = (counts[value] ?? 0) + 1;
  }
  return estimate(counts);
}

/** PFDEBUG DECODE's text for a sparse HLL: `Z:8436 v:1,1 z:3 …`. */
export function describeSparse(hll: HyperLogLog): string {
  const parts: string[] = [];
  const bytes = hll.bytes;
  let p = HLL_HDR_SIZE;
  while (p < hll.length) {
    const op = bytes[p] ?? 0;
    if (isZero(op)) {
      parts.push(`z:${zeroLength(op)}`);
      p++;
    } else if (isXzero(op)) {
      parts.push(`Z:${xzeroLength(op, bytes[p + 1] ?? 0)}`);
      p += 2;
    } else {
      parts.push(`v:${valValue(op)},${valLength(op)}`);
      p++;
    }
  }
  return parts.join(" ");
}

// ---- keyspace helpers ---------------------------------------------------------------------------

/**
 * The HLL string at `key` (`isHLLObjectOrReply`): undefined when absent, WRONGTYPE for another
 * type, and Redis's HyperLogLog WRONGTYPE for a string that is not an HLL.
 */
export function readHyperLogLog(db: Database, key: string): string | undefined {
  const value = db.getString(key);
  if (value !== undefined && !isValidHyperLogLog(value)) {
    throw new ReplyError(ERR.HLL_WRONGTYPE);
  }
  return value;
}

/** `hll-sparse-max-bytes`: the size past which a sparse HLL is promoted to dense. */
export function maxSparseBytes(config: Pick<ConfigApi, "value">): number {
  return Number(config.value("hll-sparse-max-bytes"));
}
