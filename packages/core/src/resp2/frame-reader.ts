/**
 * The one RESP2 reply grammar, as an incremental reader that both {@link decodeResp2} and
 * {@link Resp2StreamDecoder} drive. It consumes one token at a time (a header line, or a bulk
 * string's data) and keeps the arrays still being filled on an explicit stack, so:
 * - bytes already consumed are never scanned again, however a frame is split into chunks;
 * - nesting costs no call-stack depth (hostile input cannot cause a RangeError);
 * - a partial token tells the caller how many bytes it needs before a retry can progress.
 *
 * Framing (redis.io/docs/latest/develop/reference/protocol-spec): a type byte, a line ending in
 * CRLF, and for `$` that many data bytes and another CRLF. Numbers follow Redis's own
 * `string2ll` (decimal.ts). The reader also rejects what Redis never sends (a bare CR or LF inside
 * a line, negative lengths other than -1), since those mean the stream is out of step.
 */
import { Byte, copyBytes, quoteBytes, utf8Decode } from "./bytes.ts";
import {
  canCompleteDecimal,
  INT64_MAX,
  INT64_MIN,
  MAX_DECIMAL_CHARS,
  parseInt64,
  parseLength,
} from "./decimal.ts";
import { Resp2Limits } from "./limits.ts";
import { Resp2ProtocolError } from "./protocol-error.ts";
import type { Resp2Value } from "./value.ts";

/** What {@link Resp2FrameReader.read} returns. */
export type FrameReadResult =
  | {
      readonly status: "complete";
      readonly value: Resp2Value;
      /** The index just after the frame. */
      readonly offset: number;
    }
  | {
      readonly status: "incomplete";
      /** Bytes before this index are consumed: their tokens are held in the reader's state. */
      readonly offset: number;
      /** Progress is impossible until the buffer is at least this long. */
      readonly needed: number;
    };

/** An array whose items are still arriving. */
interface OpenArray {
  readonly items: Resp2Value[];
  remaining: number;
}

/** The bytes being read and the stream offset of `bytes[0]`, for error offsets. */
interface Input {
  readonly bytes: Uint8Array;
  readonly base: number;
}

const LENGTH_RANGE: readonly [bigint, bigint] = [-1n, BigInt(Resp2Limits.MAX_BULK_BYTES)];
const INTEGER_RANGE: readonly [bigint, bigint] = [INT64_MIN, INT64_MAX];

/** Throws the reader's protocol error, quoting the input from the offending token. */
function fail(input: Input, at: number, reason: string): never {
  const offset = input.base + at;
  throw new Resp2ProtocolError(
    `Invalid RESP2 at offset ${offset}: ${reason}, in ${quoteBytes(input.bytes, at)}`,
    offset,
  );
}

/** The number lines: `:` integers, and `$`/`*` lengths (-1 for null, else at most 512 MiB). */
type NumberLine = "integer" | "bulk length" | "array length";

/** Why the complete number text `bytes[start, end)` is invalid as `kind`, or `undefined`. */
function numberProblem(
  bytes: Uint8Array,
  [start, end]: readonly [number, number],
  kind: NumberLine,
): string | undefined {
  if (kind === "integer") {
    return parseInt64(bytes, start, end) === undefined ? "invalid integer" : undefined;
  }
  const length = parseLength(bytes, start, end);
  if (length === undefined || length < -1) {
    return `invalid ${kind}`;
  }
  return length > Resp2Limits.MAX_BULK_BYTES ? `${kind} above 512 MiB` : undefined;
}

/**
 * Reads a number line starting at its type byte `at`. Returns the index of its CR (the LF after
 * it checked), or -1 when more bytes are needed. Throws as soon as no continuation could make the
 * line valid, so "incomplete" always means that more bytes can complete it.
 */
function readNumberLine(input: Input, at: number, kind: NumberLine): number {
  const { bytes } = input;
  const end = bytes.length;
  // A valid number has at most 20 characters, so its CR must come by then.
  const limit = Math.min(end, at + 1 + MAX_DECIMAL_CHARS + 1);
  let cr = at + 1;
  while (cr < limit && bytes[cr] !== Byte.CR) {
    cr++;
  }
  if (cr === limit) {
    const range = kind === "integer" ? INTEGER_RANGE : LENGTH_RANGE;
    if (cr < end || !canCompleteDecimal(bytes, [at + 1, end], range)) {
      fail(input, at, numberProblem(bytes, [at + 1, end], kind) ?? `invalid ${kind}`);
    }
    return -1;
  }
  const problem = numberProblem(bytes, [at + 1, cr], kind);
  if (problem !== undefined) {
    fail(input, at, problem);
  }
  if (cr + 1 === end) {
    return -1;
  }
  if (bytes[cr + 1] !== Byte.LF) {
    fail(input, at, "expected LF after CR");
  }
  return cr;
}

/**
 * Incremental RESP2 reply reader. Feed it the same logical stream on every call: the bytes from
 * the offset the previous call returned, with more appended. Not exported from the package.
 */
export class Resp2FrameReader {
  readonly #stack: OpenArray[] = [];
  /** The length of a bulk string whose `$` line is consumed and whose data is awaited, or -1. */
  #bulkLength = -1;
  /** How much of a partial `+`/`-` line was already searched for its CR, to resume there. */
  #lineScanned = 0;

  /**
   * Reads from `bytes[offset]` (stream offset `base + offset`) until a top-level frame completes
   * or the bytes run out.
   * @throws {Resp2ProtocolError} on malformed input.
   */
  read(bytes: Uint8Array, offset: number, base: number): FrameReadResult {
    const input: Input = { bytes, base };
    const end = bytes.length;
    let position = offset;
    for (;;) {
      let value: Resp2Value;
      if (this.#bulkLength >= 0) {
        const dataEnd = position + this.#bulkLength;
        if (end < dataEnd + 2) {
          // Fail early when the byte after the data is already here and is not the CR.
          if (end > dataEnd && bytes[dataEnd] !== Byte.CR) {
            fail(input, dataEnd, "expected CRLF after bulk data");
          }
          return { status: "incomplete", offset: position, needed: dataEnd + 2 };
        }
        if (bytes[dataEnd] !== Byte.CR || bytes[dataEnd + 1] !== Byte.LF) {
          fail(input, dataEnd, "expected CRLF after bulk data");
        }
        // A copy: callers may reuse their buffers, and values must outlive them.
        value = { kind: "bulk", value: copyBytes(bytes, position, dataEnd) };
        this.#bulkLength = -1;
        position = dataEnd + 2;
      } else {
        if (position >= end) {
          return { status: "incomplete", offset: position, needed: position + 1 };
        }
        switch (bytes[position]) {
          case Byte.PLUS:
          case Byte.MINUS: {
            const cr = this.#readTextLine(input, position);
            if (cr < 0) {
              return { status: "incomplete", offset: position, needed: end + 1 };
            }
            const text = utf8Decode(bytes, position + 1, cr);
            value =
              bytes[position] === Byte.PLUS
                ? { kind: "simple", value: text }
                : { kind: "error", message: text };
            position = cr + 2;
            break;
          }
          case Byte.COLON: {
            const cr = readNumberLine(input, position, "integer");
            if (cr < 0) {
              return { status: "incomplete", offset: position, needed: end + 1 };
            }
            value = { kind: "integer", value: parseInt64(bytes, position + 1, cr) ?? 0n };
            position = cr + 2;
            break;
          }
          case Byte.DOLLAR: {
            const cr = readNumberLine(input, position, "bulk length");
            if (cr < 0) {
              return { status: "incomplete", offset: position, needed: end + 1 };
            }
            const length = parseLength(bytes, position + 1, cr) ?? -1;
            position = cr + 2;
            if (length === -1) {
              value = { kind: "null" };
              break;
            }
            this.#bulkLength = length;
            continue;
          }
          case Byte.STAR: {
            const cr = readNumberLine(input, position, "array length");
            if (cr < 0) {
              return { status: "incomplete", offset: position, needed: end + 1 };
            }
            const length = parseLength(bytes, position + 1, cr) ?? -1;
            if (length >= 0 && this.#stack.length >= Resp2Limits.MAX_DEPTH) {
              fail(input, position, `arrays nested deeper than ${Resp2Limits.MAX_DEPTH} levels`);
            }
            position = cr + 2;
            if (length === -1) {
              value = { kind: "null-array" };
              break;
            }
            if (length === 0) {
              value = { kind: "array", items: [] };
              break;
            }
            // Items are pushed as they arrive rather than preallocated: a header alone must not
            // make us allocate for half a billion items.
            this.#stack.push({ items: [], remaining: length });
            continue;
          }
          default:
            fail(input, position, "unknown type byte");
        }
      }
      // A value is complete: close every array it completes, innermost first.
      for (;;) {
        const top = this.#stack.at(-1);
        if (top === undefined) {
          return { status: "complete", value, offset: position };
        }
        top.items.push(value);
        top.remaining -= 1;
        if (top.remaining > 0) {
          break;
        }
        this.#stack.pop();
        value = { kind: "array", items: top.items };
      }
    }
  }

  /**
   * Reads a `+`/`-` line starting at its type byte `at`: returns the index of its CR, or -1 when
   * more bytes are needed. RESP2 forbids CR and LF inside these lines, so a bare one is an error.
   */
  #readTextLine(input: Input, at: number): number {
    const { bytes } = input;
    const end = bytes.length;
    const from = at + 1 + this.#lineScanned;
    const cr = bytes.indexOf(Byte.CR, from);
    // In a well-formed stream the first LF is right after the CR, so this scan is short.
    const lf = bytes.indexOf(Byte.LF, from);
    if (lf >= 0 && (cr < 0 || lf < cr)) {
      fail(input, at, "LF inside a simple string or error line");
    }
    const textEnd = cr < 0 ? end : cr;
    if (textEnd - at - 1 > Resp2Limits.MAX_BULK_BYTES) {
      fail(input, at, "simple string or error line longer than 512 MiB");
    }
    if (cr < 0 || cr + 1 === end) {
      // Resume at the CR, if any: it may be followed by the LF in the next chunk.
      this.#lineScanned = textEnd - at - 1;
      return -1;
    }
    if (bytes[cr + 1] !== Byte.LF) {
      fail(input, at, "CR without LF inside a simple string or error line");
    }
    this.#lineScanned = 0;
    return cr;
  }
}
