/**
 * A JSON reader for vector request bodies (issue 21): the value `JSON.parse` gives for the UTF-8
 * text, except that the `vector` of a record (the body object, or an object directly in the body
 * array) is read straight from the bytes into a `Float32Array` when it is an array of finite
 * numbers. Profiling a 1,000 × 384 upsert put about 80% of its time in decoding the text, parsing
 * it and collecting the 384,000 numbers it made; this reads each component once, without a string
 * or a boxed number.
 *
 * Each component is the float32 that `Math.fround(Number(text))` gives, exactly. The texts
 * clients send (float32 values as `JSON.stringify` writes them: `-0.30000001192092896`) are read
 * by `readVector`'s own loop: the first 9 significant digits summed in an int32 (four at a time,
 * SWAR, where the body allows), the rest only skipped, and the decimal, which lies between that
 * prefix and the next one, kept when both ends round to the same float32 (nearly always: a
 * float32 holds about 7 digits). Anything else goes to `readComponent`: exact double arithmetic
 * for at most 15 significant digits and a power of ten up to 10^22 (Clinger's fast path), a
 * guard band for up to 40, and `Number` for the rest.
 *
 * It is strict where JSON is: anything it does not accept throws, and the caller then runs
 * `JSON.parse` on the decoded text, which gives the same value or the same error as before.
 */

const decoder = new TextDecoder();

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** 10^0 … 10^22: exact doubles. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);
/** Relative distance within which a longer decimal is computed; well above its error bound. */
const GUARD = 2 ** -45;
/** Significant digits `readVector` sums in an int32 before it only skips digits. */
const SIGNIFICANT_DIGITS = 9;
/** Significant digits beyond which a component goes through `Number`. */
const MAX_DIGITS = 40;

class JsonSyntaxError extends Error {}

/** The reader's position in the current body. */
let bytes: Uint8Array = new Uint8Array(0);
/** The same bytes, for reading four digits at once. */
let words = new DataView(bytes.buffer);
let position = 0;
/** Components of the vector being read; grown as needed. */
let scratch = new Float32Array(1024);
/** Where {@link readFloats} writes (the scratch, or a prefetch's output), and how much is used. */
let sink = scratch;
let sinkLength = 0;
/** Where vectors read ahead of the structure come from (see {@link VectorsAhead}), if anywhere. */
let ahead: VectorsAhead | undefined;
/** The list {@link ahead} last gave, and the reader's index in it. */
let aheadVectors: PrefetchedVectors | undefined;
let aheadCursor = 0;
/**
 * Where the record vectors of a large body read here go: blocks of {@link BODY_FLOATS_BLOCK}
 * floats, each vector a view of one, rather than a buffer a vector (a 1,000-vector body made
 * 1,000 ArrayBuffers, whose external bytes drove most of the young generation's collections).
 * Undefined for a small body (one query vector, which a resumable query may keep: its own copy).
 */
let bodyFloats: Float32Array<ArrayBuffer> | undefined;
let bodyFloatsLength = 0;
/** Bodies from this many bytes put their vectors in shared blocks (see {@link bodyFloats}). */
const BODY_FLOATS_MIN_BYTES = 64 * 1024;
/** Floats of a block: 256 KB, about 170 vectors of 384 components. */
const BODY_FLOATS_BLOCK = 64 * 1024;

/**
 * Record vectors read before the body's structure, by {@link prefetchVectors}: for the `i`th,
 * its `[` at `starts[i]`, the byte after its `]` at `ends[i]`, and its components
 * `floats[offsets[i]] … floats[offsets[i + 1]]`, in increasing `starts` order.
 */
export interface PrefetchedVectors {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** One more than `starts`: the last is the end of the components. */
  readonly offsets: Int32Array;
  readonly floats: Float32Array;
}

/**
 * Record vectors read by someone else (another thread), asked for as the reader reaches each
 * record vector, in the body's order: so the one asking may decide as the reading goes (claim the
 * next part of the body for itself, or take what the other thread has sent).
 */
export interface VectorsAhead {
  /**
   * The vectors {@link prefetchVectors} read whose `"vector"` keys start around `key` (the byte
   * of the key's quote), the record's among them if it was read, or undefined to read it here.
   */
  vectorsFor(key: number): PrefetchedVectors | undefined;
}

/** {@link VectorsAhead} from lists of vectors read ahead, in the body's order. */
export function vectorsAheadOf(lists: readonly PrefetchedVectors[]): VectorsAhead {
  let index = 0;
  return {
    vectorsFor(key) {
      // A record's vector starts after its key: the list whose last start is past the key holds
      // it if any does.
      for (; index < lists.length; index++) {
        const list = lists[index] as PrefetchedVectors;
        const last = list.starts[list.starts.length - 1];
        if (last !== undefined && last > key) {
          return list;
        }
      }
      return undefined;
    },
  };
}

/**
 * `JSON.parse` of the UTF-8 body, with record `vector` arrays of finite numbers as
 * `Float32Array`s. Throws on anything that is not JSON (the caller then uses `JSON.parse`).
 * `vectorsAhead`: where vectors {@link prefetchVectors} read from this body are; a record vector
 * found there is taken rather than read again.
 */
export function parseVectorBody(body: Uint8Array, vectorsAhead?: VectorsAhead): unknown {
  ahead = vectorsAhead;
  aheadVectors = undefined;
  aheadCursor = 0;
  bodyFloats =
    body.length >= BODY_FLOATS_MIN_BYTES ? new Float32Array(BODY_FLOATS_BLOCK) : undefined;
  bodyFloatsLength = 0;
  bytes = body;
  words = new DataView(body.buffer, body.byteOffset, body.byteLength);
  position = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
  try {
    skipWhitespace();
    const value = readValue(0);
    skipWhitespace();
    if (position !== bytes.length) {
      throw new JsonSyntaxError("trailing bytes");
    }
    return value;
  } finally {
    bytes = new Uint8Array(0);
    words = new DataView(bytes.buffer);
    ahead = undefined;
    aheadVectors = undefined;
    bodyFloats = undefined;
  }
}

/**
 * Reads every array of finite numbers that follows a `"vector"` key (`"vector"`, whitespace, `:`,
 * whitespace, `[`) whose quote starts in `from … to`, without reading the rest of the body: the
 * part of {@link parseVectorBody}'s work that can run beside it, in another thread, on a copy of
 * part of the body (`base` is the copy's offset in the body, added to the offsets returned).
 * Anything else there (a string that looks like a key, an array of something else, bytes that are
 * not JSON) is only skipped: {@link parseVectorBody} reads the structure and takes from the result
 * only the arrays it reaches as record vectors, byte for byte the same read either way.
 */
export function prefetchVectors(
  body: Uint8Array,
  range: { readonly from: number; readonly to: number; readonly base?: number },
): PrefetchedVectors {
  const base = range.base ?? 0;
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const starts: number[] = [];
  const ends: number[] = [];
  const offsets: number[] = [0];
  bytes = body;
  words = new DataView(body.buffer, body.byteOffset, body.byteLength);
  sink = new Float32Array(Math.max(1024, (range.to - range.from) >> 4));
  sinkLength = 0;
  try {
    let key = text.indexOf(VECTOR_KEY, range.from);
    while (key >= 0 && key < range.to) {
      position = key + VECTOR_KEY.length;
      skipWhitespace();
      if (bytes[position] === COLON) {
        position++;
        skipWhitespace();
        const start = position;
        if (bytes[start] === OPEN_BRACKET && readFloats()) {
          starts.push(start + base);
          ends.push(position + base);
          offsets.push(sinkLength);
        }
      }
      key = text.indexOf(VECTOR_KEY, Math.max(position, key + 1));
    }
    return {
      starts: Int32Array.from(starts),
      ends: Int32Array.from(ends),
      offsets: Int32Array.from(offsets),
      floats: sink.subarray(0, sinkLength),
    };
  } finally {
    bytes = new Uint8Array(0);
    words = new DataView(bytes.buffer);
    sink = scratch;
    sinkLength = 0;
  }
}

const VECTOR_KEY = '"vector"';

/**
 * The vector read ahead whose `[` is at `position`, if any, from `vectors`; moves the reader past
 * it. The reader reaches record vectors in the order of the body, and each list is in that order
 * too, so the index in a list only moves forward.
 */
function takePrefetched(vectors: PrefetchedVectors): Float32Array | undefined {
  if (vectors !== aheadVectors) {
    aheadVectors = vectors;
    aheadCursor = 0;
  }
  const starts = vectors.starts;
  let cursor = aheadCursor;
  while (cursor < starts.length && (starts[cursor] as number) < position) {
    cursor++;
  }
  aheadCursor = cursor;
  if (cursor === starts.length || starts[cursor] !== position) {
    return undefined;
  }
  aheadCursor = cursor + 1;
  position = vectors.ends[cursor] as number;
  return vectors.floats.subarray(
    vectors.offsets[cursor] as number,
    vectors.offsets[cursor + 1] as number,
  );
}

function skipWhitespace(): void {
  for (;;) {
    const byte = bytes[position];
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) {
      position++;
    } else {
      return;
    }
  }
}

/**
 * A value at `depth` (0 for the body): records are the body object and the objects of the body
 * array, so only their `vector` is read as float32.
 */
function readValue(depth: number): unknown {
  const byte = bytes[position];
  switch (byte) {
    case OPEN_BRACE:
      return readObject(depth);
    case OPEN_BRACKET:
      return readArray(depth);
    case QUOTE:
      return readString();
    case 0x74:
      return readLiteral("true", true);
    case 0x66:
      return readLiteral("false", false);
    case 0x6e:
      return readLiteral("null", null);
    default:
      return readNumber();
  }
}

function readLiteral(text: string, value: unknown): unknown {
  for (let index = 0; index < text.length; index++) {
    if (bytes[position + index] !== text.charCodeAt(index)) {
      throw new JsonSyntaxError("bad literal");
    }
  }
  position += text.length;
  return value;
}

/**
 * A record's `vector` (`key`: where its key starts): float32 when it is an array of finite
 * numbers, else the plain value.
 */
function readVector(depth: number, key: number): unknown {
  const vectors = ahead?.vectorsFor(key);
  const prefetched = vectors === undefined ? undefined : takePrefetched(vectors);
  if (prefetched !== undefined) {
    return prefetched;
  }
  if (bodyFloats !== undefined) {
    if (bodyFloats.length - bodyFloatsLength < BODY_FLOATS_BLOCK >> 3) {
      // A new block rather than a grown one: the views already given stay where they are.
      bodyFloats = new Float32Array(BODY_FLOATS_BLOCK);
      bodyFloatsLength = 0;
    }
    const start = bodyFloatsLength;
    sink = bodyFloats;
    sinkLength = start;
    const isVector = readFloats();
    // readFloats grows the sink (a copy) for a vector longer than what is left of the block.
    bodyFloats = sink;
    bodyFloatsLength = sinkLength;
    sink = scratch;
    return isVector ? bodyFloats.subarray(start, bodyFloatsLength) : readArray(depth + 2);
  }
  sink = scratch;
  sinkLength = 0;
  if (readFloats()) {
    scratch = sink;
    return sink.slice(0, sinkLength);
  }
  scratch = sink;
  return readArray(depth + 2);
}

function expect(byte: number): void {
  if (bytes[position] !== byte) {
    throw new JsonSyntaxError(`expected ${String.fromCharCode(byte)}`);
  }
  position++;
}

function readObject(depth: number): Record<string, unknown> {
  position++;
  const object: Record<string, unknown> = {};
  const isRecord = depth <= 1;
  skipWhitespace();
  if (bytes[position] === CLOSE_BRACE) {
    position++;
    return object;
  }
  for (;;) {
    skipWhitespace();
    if (bytes[position] !== QUOTE) {
      throw new JsonSyntaxError("expected a key");
    }
    const keyStart = position;
    const key = readString();
    skipWhitespace();
    expect(COLON);
    skipWhitespace();
    const value =
      isRecord && key === "vector" && bytes[position] === OPEN_BRACKET
        ? readVector(depth, keyStart)
        : readValue(depth + 2);
    if (key === "__proto__") {
      // JSON.parse makes an own property of it, not a prototype.
      Object.defineProperty(object, key, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    } else {
      object[key] = value;
    }
    skipWhitespace();
    if (bytes[position] === COMMA) {
      position++;
      continue;
    }
    expect(CLOSE_BRACE);
    return object;
  }
}

function readArray(depth: number): unknown[] {
  position++;
  const array: unknown[] = [];
  skipWhitespace();
  if (bytes[position] === CLOSE_BRACKET) {
    position++;
    return array;
  }
  // Objects directly in the body array are records (depth 1); anything deeper is not.
  const itemDepth = depth === 0 ? 1 : depth + 2;
  for (;;) {
    skipWhitespace();
    array.push(readValue(itemDepth));
    skipWhitespace();
    if (bytes[position] === COMMA) {
      position++;
      continue;
    }
    expect(CLOSE_BRACKET);
    return array;
  }
}

/**
 * Reads the array at `position` (its `[`) into {@link sink} from {@link sinkLength} when it is an
 * array of finite numbers, and leaves `position` after its `]`; false otherwise (`position` and
 * the sink's length are then as they were).
 */
function readFloats(): boolean {
  const start = position;
  const input = bytes;
  const end = input.length;
  let out = sink;
  let length = sinkLength;
  let at = start + 1;
  let byte = input[at] as number;
  while (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) {
    byte = input[++at] as number;
  }
  if (byte === CLOSE_BRACKET) {
    position = at + 1;
    return true;
  }
  for (;;) {
    while (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) {
      byte = input[++at] as number;
    }
    if (byte !== MINUS && !(byte >= ZERO && byte <= NINE)) {
      // Not all numbers: the plain array, which the command then refuses as it would.
      position = start;
      return false;
    }
    // The texts JSON.stringify writes for float32 values (`-0.123…`, no exponent) are read
    // here. A float32 keeps about 7 significant digits, so the first 9 (summed in an int32)
    // nearly always decide it: the decimal lies in [high, high + 1) · 10^-scale, and when both
    // ends round to the same float32 so does the decimal (rounding is monotonic). The digits
    // after the 9th are only skipped. Anything else goes to readComponent from its start.
    const componentStart = at;
    const isNegative = byte === MINUS;
    if (isNegative) {
      byte = input[++at] as number;
    }
    let high = 0;
    let counted = 0;
    let scale = 0;
    let hasMore = false;
    let isPlain = true;
    if (byte === ZERO) {
      byte = input[++at] as number;
    } else if (byte > ZERO && byte <= NINE) {
      do {
        high = high * 10 + (byte - ZERO);
        counted++;
        byte = input[++at] as number;
      } while (byte >= ZERO && byte <= NINE);
      // An integer part longer than a chunk: the general reader.
      isPlain = counted <= SIGNIFICANT_DIGITS;
    } else {
      isPlain = false;
    }
    if (byte === DOT && isPlain) {
      const fractionStart = ++at;
      byte = input[at] as number;
      if (counted === 0) {
        // Leading zeros of a fraction are not significant.
        while (byte === ZERO) {
          byte = input[++at] as number;
        }
      }
      // Four digits at a time while four are left to read and in the body.
      while (counted <= SIGNIFICANT_DIGITS - 4 && at + 4 <= end) {
        const quad = fourDigits(words.getUint32(at, true));
        if (quad < 0) {
          break;
        }
        high = high * 10_000 + quad;
        counted += 4;
        at += 4;
      }
      byte = input[at] as number;
      while (byte >= ZERO && byte <= NINE && counted < SIGNIFICANT_DIGITS) {
        high = high * 10 + (byte - ZERO);
        counted++;
        byte = input[++at] as number;
      }
      scale = at - fractionStart;
      const significantEnd = at;
      while (at + 4 <= end && fourDigits(words.getUint32(at, true)) >= 0) {
        at += 4;
      }
      byte = input[at] as number;
      while (byte >= ZERO && byte <= NINE) {
        byte = input[++at] as number;
      }
      hasMore = at > significantEnd;
      isPlain = at > fractionStart;
    }
    let component = 0;
    const power = POWERS_OF_TEN[scale];
    if (isPlain && power !== undefined && byte !== 0x65 && byte !== 0x45) {
      // high and power are exact: one correctly rounded division, as Number's own.
      const magnitude = high / power;
      if (!hasMore) {
        component = isNegative ? -magnitude : magnitude;
      } else if (Math.fround(magnitude) === Math.fround((high + 1) / power)) {
        component = isNegative ? -magnitude : magnitude;
      } else {
        isPlain = false;
      }
    } else {
      isPlain = false;
    }
    if (!isPlain) {
      position = componentStart;
      try {
        component = readComponent();
      } catch {
        position = start;
        return false;
      }
      if (!Number.isFinite(component)) {
        position = start;
        return false;
      }
      at = position;
      byte = input[at] as number;
    }
    if (length === out.length) {
      const grown = new Float32Array(Math.max(length * 2, 1024));
      grown.set(out);
      out = grown;
      sink = grown;
    }
    out[length++] = component;
    while (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) {
      byte = input[++at] as number;
    }
    if (byte === COMMA) {
      byte = input[++at] as number;
      continue;
    }
    if (byte !== CLOSE_BRACKET) {
      position = start;
      return false;
    }
    position = at + 1;
    sinkLength = length;
    return true;
  }
}

/**
 * The value of four ASCII digits read as a little-endian uint32 (the first digit in the lowest
 * byte), or -1 when a byte is not a digit: SWAR, a few integer operations for the four.
 */
function fourDigits(word: number): number {
  // Each byte is 0x30…0x39 exactly when its high nibble is 3, and still 3 after adding 6.
  if (((word & 0xf0f0f0f0) | (((word + 0x06060606) & 0xf0f0f0f0) >>> 4)) !== 0x33333333) {
    return -1;
  }
  const digits = word - 0x30303030;
  // Bytes 0 and 2 become 10·d0 + d1 and 10·d2 + d3 (no carry: each sum is below 100).
  const pairs = (Math.imul(digits, 10) + (digits >>> 8)) & 0x00ff00ff;
  return (pairs & 0xff) * 100 + (pairs >>> 16);
}

/** The ASCII text of bytes `start … end`. */
function asciiText(start: number, end: number): string {
  if (end - start > 32) {
    return decoder.decode(bytes.subarray(start, end));
  }
  let text = "";
  for (let index = start; index < end; index++) {
    text += String.fromCharCode(bytes[index] as number);
  }
  return text;
}

function readString(): string {
  const start = ++position;
  for (;;) {
    const byte = bytes[position];
    if (byte === undefined) {
      throw new JsonSyntaxError("unterminated string");
    }
    if (byte === QUOTE) {
      position++;
      return asciiText(start, position - 1);
    }
    if (byte === BACKSLASH || byte >= 0x80 || byte < 0x20) {
      return readStringSlowly(start);
    }
    position++;
  }
}

/** A string with escapes or non-ASCII text: the decoder and JSON.parse read it, as before. */
function readStringSlowly(start: number): string {
  for (;;) {
    const byte = bytes[position];
    if (byte === undefined) {
      throw new JsonSyntaxError("unterminated string");
    }
    if (byte === BACKSLASH) {
      position += 2;
      continue;
    }
    position++;
    if (byte === QUOTE) {
      return JSON.parse(decoder.decode(bytes.subarray(start - 1, position))) as string;
    }
  }
}

/** The end of the number at `position` by JSON's grammar, or a syntax error. */
interface NumberScan {
  /** Significant digits read into `mantissa` (leading zeros excluded). */
  digits: number;
  /** The digits as a double: exact while below 2^53. */
  mantissa: number;
  /** The power of ten the mantissa is scaled by. */
  exponent: number;
  isNegative: boolean;
}

const scan: NumberScan = { digits: 0, mantissa: 0, exponent: 0, isNegative: false };

function scanDigits(): number {
  const start = position;
  for (;;) {
    const byte = bytes[position] as number;
    if (!(byte >= ZERO && byte <= NINE)) {
      return position - start;
    }
    const digit = byte - ZERO;
    if (scan.digits > 0 || digit !== 0) {
      scan.digits++;
    }
    scan.mantissa = scan.mantissa * 10 + digit;
    position++;
  }
}

/** Scans a number into {@link scan}; returns its start. */
function scanNumber(): number {
  const start = position;
  scan.digits = 0;
  scan.mantissa = 0;
  scan.exponent = 0;
  scan.isNegative = bytes[position] === MINUS;
  if (scan.isNegative) {
    position++;
  }
  const first = bytes[position];
  if (first === ZERO) {
    position++;
  } else if (first === undefined || first < ZERO || first > NINE || scanDigits() === 0) {
    throw new JsonSyntaxError("bad number");
  }
  if (bytes[position] === DOT) {
    position++;
    const fractionDigits = scanDigits();
    if (fractionDigits === 0) {
      throw new JsonSyntaxError("bad fraction");
    }
    scan.exponent -= fractionDigits;
  }
  const marker = bytes[position];
  if (marker === 0x65 || marker === 0x45) {
    position++;
    const sign = bytes[position];
    if (sign === PLUS || sign === MINUS) {
      position++;
    }
    let exponent = 0;
    const digitsStart = position;
    for (;;) {
      const byte = bytes[position] as number;
      if (!(byte >= ZERO && byte <= NINE)) {
        break;
      }
      // Beyond any float's range either way; capped so the sum stays an exact integer.
      exponent = Math.min(exponent * 10 + (byte - ZERO), 100_000);
      position++;
    }
    if (position === digitsStart) {
      throw new JsonSyntaxError("bad exponent");
    }
    scan.exponent += sign === MINUS ? -exponent : exponent;
  }
  return start;
}

function readNumber(): number {
  const start = scanNumber();
  return Number(asciiText(start, position));
}

/**
 * A vector component: the double whose float32 is `Math.fround(Number(text))`. The hot loop of
 * an upsert, so it scans with locals rather than {@link scanNumber}; anything unusual (a syntax
 * error included) goes to {@link readNumber}, which checks the grammar.
 */
function readComponent(): number {
  const input = bytes;
  const start = position;
  let at = start;
  const isNegative = input[at] === MINUS;
  if (isNegative) {
    at++;
  }
  let mantissa = 0;
  let digits = 0;
  let exponent = 0;
  let byte = input[at] as number;
  if (byte === ZERO) {
    byte = input[++at] as number;
  } else if (byte > ZERO && byte <= NINE) {
    do {
      mantissa = mantissa * 10 + (byte - ZERO);
      digits++;
      byte = input[++at] as number;
    } while (byte >= ZERO && byte <= NINE);
  } else {
    return readNumber();
  }
  if (byte === DOT) {
    const fractionStart = ++at;
    byte = input[at] as number;
    while (byte >= ZERO && byte <= NINE) {
      mantissa = mantissa * 10 + (byte - ZERO);
      if (digits > 0 || byte !== ZERO) {
        digits++;
      }
      byte = input[++at] as number;
    }
    if (at === fractionStart) {
      return readNumber();
    }
    exponent = fractionStart - at;
  }
  if (byte === 0x65 || byte === 0x45 || digits > MAX_DIGITS) {
    return readNumber();
  }
  const power = POWERS_OF_TEN[-exponent];
  if (power === undefined) {
    return readNumber();
  }
  position = at;
  const value = isNegative ? -(mantissa / power) : mantissa / power;
  if (digits <= 15) {
    // Both operands exact: one correctly rounded division, as Number's own.
    return value;
  }
  // Within ~(digits − 14)·2^-53 of the decimal: safe when the whole guard band rounds alike.
  if (Math.fround(value * (1 - GUARD)) === Math.fround(value * (1 + GUARD))) {
    return value;
  }
  return Number(asciiText(start, at));
}
