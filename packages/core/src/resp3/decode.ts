/**
 * The RESP3 decoder, incremental: `push` bytes as they arrive, get every complete value back.
 * Malformed input throws {@link Resp3ProtocolError} and nothing else (nesting and lengths are
 * bounded, so no input can exhaust the stack or ask for a huge allocation).
 */
import { StratusCoreError } from "../errors.ts";
import type { Resp3Value } from "./value.ts";

/** Thrown on bytes that are not RESP3; the stream cannot be resynchronised after it. */
export class Resp3ProtocolError extends StratusCoreError {
  override readonly name: string = "Resp3ProtocolError";
  /** Stream offset of the frame or field at fault. */
  readonly offset: number;

  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

export interface Resp3DecoderOptions {
  /** Deepest nesting of aggregates. @default 512 */
  readonly maxDepth?: number;
  /** Largest bulk string, blob error or verbatim string. @default 512 MiB, Redis's proto-max-bulk-len */
  readonly maxBulkLength?: number;
  /** Most elements of one aggregate. @default 2^31 - 1 */
  readonly maxAggregateLength?: number;
}

/** Raised inside a parse when the buffer ends mid-value: wait for more bytes. */
const INCOMPLETE = Symbol("incomplete");

const CR = 13;
const LF = 10;
const decoder = new TextDecoder();
const INTEGER = /^-?\d+$/;
const DOUBLE = /^(?:[-+]?(?:inf|nan)|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)$/i;

export class Resp3StreamDecoder {
  #buffer = new Uint8Array(0);
  /** Bytes of the stream before `#buffer`, for error offsets. */
  #consumed = 0;
  #isBroken = false;
  readonly #maxDepth: number;
  readonly #maxBulkLength: number;
  readonly #maxAggregateLength: number;

  constructor(options: Resp3DecoderOptions = {}) {
    this.#maxDepth = options.maxDepth ?? 512;
    this.#maxBulkLength = options.maxBulkLength ?? 512 * 1024 * 1024;
    this.#maxAggregateLength = options.maxAggregateLength ?? 2 ** 31 - 1;
  }

  /** Bytes received that do not complete a value yet. */
  get pendingBytes(): number {
    return this.#buffer.length;
  }

  /** Adds bytes; returns the values they complete, in order. */
  push(chunk: Uint8Array): Resp3Value[] {
    if (this.#isBroken) {
      throw new Resp3ProtocolError("Protocol error: the stream is broken", this.#consumed);
    }
    const joined = new Uint8Array(this.#buffer.length + chunk.length);
    joined.set(this.#buffer);
    joined.set(chunk, this.#buffer.length);
    this.#buffer = joined;
    const values: Resp3Value[] = [];
    let start = 0;
    for (;;) {
      const cursor = { offset: start };
      let value: Resp3Value | typeof INCOMPLETE;
      try {
        value = this.#read(cursor, 0);
      } catch (error: unknown) {
        this.#isBroken = true;
        throw error;
      }
      if (value === INCOMPLETE) {
        break;
      }
      values.push(value);
      start = cursor.offset;
    }
    this.#consumed += start;
    this.#buffer = this.#buffer.slice(start);
    return values;
  }

  #fail(message: string, offset: number): never {
    throw new Resp3ProtocolError(`Protocol error: ${message}`, this.#consumed + offset);
  }

  /** The line at the cursor (without CRLF), or INCOMPLETE. */
  #line(cursor: { offset: number }): string | typeof INCOMPLETE {
    const buffer = this.#buffer;
    for (let index = cursor.offset; index < buffer.length; index++) {
      if (buffer[index] === CR) {
        if (index + 1 >= buffer.length) {
          return INCOMPLETE;
        }
        if (buffer[index + 1] !== LF) {
          this.#fail("expected LF after CR", index);
        }
        const text = decoder.decode(buffer.subarray(cursor.offset, index));
        cursor.offset = index + 2;
        return text;
      }
      if (buffer[index] === LF) {
        this.#fail("LF without CR", index);
      }
    }
    return INCOMPLETE;
  }

  #length(text: string, at: number, limit: number): number {
    if (!INTEGER.test(text)) {
      this.#fail(`invalid length '${text.slice(0, 32)}'`, at);
    }
    const length = Number(text);
    if (length < 0 || length > limit) {
      this.#fail(`length ${text.slice(0, 32)} out of range`, at);
    }
    return length;
  }

  /** `length` bytes then CRLF at the cursor, or INCOMPLETE. */
  #blob(cursor: { offset: number }, length: number): Uint8Array | typeof INCOMPLETE {
    const end = cursor.offset + length;
    if (end + 2 > this.#buffer.length) {
      return INCOMPLETE;
    }
    if (this.#buffer[end] !== CR || this.#buffer[end + 1] !== LF) {
      this.#fail("expected CRLF after a blob", end);
    }
    const bytes = this.#buffer.slice(cursor.offset, end);
    cursor.offset = end + 2;
    return bytes;
  }

  #read(cursor: { offset: number }, depth: number): Resp3Value | typeof INCOMPLETE {
    const at = cursor.offset;
    if (at >= this.#buffer.length) {
      return INCOMPLETE;
    }
    if (depth > this.#maxDepth) {
      this.#fail("nesting too deep", at);
    }
    const marker = String.fromCharCode(this.#buffer[at] ?? 0);
    cursor.offset = at + 1;
    const line = this.#line(cursor);
    if (line === INCOMPLETE) {
      return INCOMPLETE;
    }
    switch (marker) {
      case "+":
        return { kind: "simple", value: line };
      case "-":
        return { kind: "error", message: line };
      case ":":
        if (!INTEGER.test(line)) {
          this.#fail(`invalid integer '${line.slice(0, 32)}'`, at);
        }
        return { kind: "integer", value: BigInt(line) };
      case "(":
        if (!INTEGER.test(line)) {
          this.#fail(`invalid big number '${line.slice(0, 32)}'`, at);
        }
        return { kind: "big-number", value: BigInt(line) };
      case "_":
        if (line !== "") {
          this.#fail("invalid null", at);
        }
        return { kind: "null" };
      case "#":
        if (line !== "t" && line !== "f") {
          this.#fail("invalid boolean", at);
        }
        return { kind: "boolean", value: line === "t" };
      case ",":
        if (!DOUBLE.test(line)) {
          this.#fail(`invalid double '${line.slice(0, 32)}'`, at);
        }
        return { kind: "double", value: parseDouble(line) };
      case "$":
      case "!":
      case "=":
        return this.#readBlob(cursor, { marker, line, at });
      case "*":
      case "~":
      case ">":
        return this.#readItems(cursor, { marker, line, at, depth });
      case "%":
      case "|":
        return this.#readEntries(cursor, { marker, line, at, depth });
      default:
        return this.#fail(`unknown type byte ${JSON.stringify(marker)}`, at);
    }
  }

  #readBlob(
    cursor: { offset: number },
    frame: { marker: string; line: string; at: number },
  ): Resp3Value | typeof INCOMPLETE {
    const length = this.#length(frame.line, frame.at, this.#maxBulkLength);
    const bytes = this.#blob(cursor, length);
    if (bytes === INCOMPLETE) {
      return INCOMPLETE;
    }
    if (frame.marker === "$") {
      return { kind: "bulk", value: bytes };
    }
    if (frame.marker === "!") {
      return { kind: "blob-error", message: bytes };
    }
    if (bytes.length < 4 || bytes[3] !== ":".charCodeAt(0)) {
      return this.#fail("a verbatim string starts with a 3-character format and ':'", frame.at);
    }
    return {
      kind: "verbatim",
      format: String.fromCharCode(...bytes.subarray(0, 3)),
      value: bytes.slice(4),
    };
  }

  #readItems(
    cursor: { offset: number },
    frame: { marker: string; line: string; at: number; depth: number },
  ): Resp3Value | typeof INCOMPLETE {
    const count = this.#length(frame.line, frame.at, this.#maxAggregateLength);
    const items: Resp3Value[] = [];
    for (let index = 0; index < count; index++) {
      const item = this.#read(cursor, frame.depth + 1);
      if (item === INCOMPLETE) {
        return INCOMPLETE;
      }
      items.push(item);
    }
    const kind = frame.marker === "*" ? "array" : frame.marker === "~" ? "set" : "push";
    return { kind, items };
  }

  #readEntries(
    cursor: { offset: number },
    frame: { marker: string; line: string; at: number; depth: number },
  ): Resp3Value | typeof INCOMPLETE {
    const count = this.#length(frame.line, frame.at, this.#maxAggregateLength);
    const entries: [Resp3Value, Resp3Value][] = [];
    for (let index = 0; index < count; index++) {
      const key = this.#read(cursor, frame.depth + 1);
      if (key === INCOMPLETE) {
        return INCOMPLETE;
      }
      const value = this.#read(cursor, frame.depth + 1);
      if (value === INCOMPLETE) {
        return INCOMPLETE;
      }
      entries.push([key, value]);
    }
    if (frame.marker === "%") {
      return { kind: "map", entries };
    }
    const value = this.#read(cursor, frame.depth + 1);
    return value === INCOMPLETE ? INCOMPLETE : { kind: "attribute", entries, value };
  }
}

function parseDouble(text: string): number {
  const lower = text.toLowerCase().replace(/^\+/, "");
  if (lower === "inf") {
    return Number.POSITIVE_INFINITY;
  }
  if (lower === "-inf") {
    return Number.NEGATIVE_INFINITY;
  }
  if (lower.endsWith("nan")) {
    return Number.NaN;
  }
  return Number(text);
}

/** Decodes exactly one complete value from `bytes`. */
export function decodeResp3(bytes: Uint8Array): Resp3Value {
  const decoder = new Resp3StreamDecoder();
  const values = decoder.push(bytes);
  const [value] = values;
  if (value === undefined) {
    throw new Resp3ProtocolError("Protocol error: incomplete value", bytes.length);
  }
  if (values.length > 1 || decoder.pendingBytes > 0) {
    throw new Resp3ProtocolError("Protocol error: trailing bytes", 0);
  }
  return value;
}
