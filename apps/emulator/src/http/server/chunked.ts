/**
 * An incremental decoder of the chunked transfer coding (RFC 9112 §7.1): bytes go in as they
 * arrive, in pieces of any size, and the decoder says when the body is complete and where the
 * next request begins. Chunk extensions and trailer fields are read and dropped.
 */
import { RequestHeadError } from "./request-head.ts";

const CR = 0x0d;
const LF = 0x0a;
/** A chunk-size line, extensions included; longer ones are refused rather than buffered. */
const MAX_LINE_BYTES = 4096;
/** 2^53 - 1 in hex has 14 digits: more cannot be a length we could hold. */
const MAX_SIZE_DIGITS = 13;

type Phase = "size" | "data" | "data-end" | "trailer";

/** A chunked body that passed its route's limit; reading stops there. */
export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";
  /** What had arrived, the chunk that passed the limit included. */
  readonly receivedBytes: number;

  constructor(receivedBytes: number) {
    super(`request body over its limit after ${receivedBytes} bytes`);
    this.receivedBytes = receivedBytes;
  }
}

function malformed(detail: string): RequestHeadError {
  return new RequestHeadError(400, `ERR malformed chunked body: ${detail}`);
}

export class ChunkedBodyDecoder {
  readonly #maxBodyBytes: number;
  readonly #chunks: Buffer[] = [];
  #length = 0;
  #phase: Phase = "size";
  /** Bytes of the current chunk still to read. */
  #remaining = 0;
  /** A line (size or trailer) split across reads. */
  #line: Buffer | undefined;

  /** A body longer than `maxBodyBytes` is refused as soon as a chunk size says so. */
  constructor(maxBodyBytes: number) {
    this.#maxBodyBytes = maxBodyBytes;
  }

  /** The decoded body; call once `push` has returned an offset. */
  body(): Buffer {
    return this.#chunks.length === 1
      ? (this.#chunks[0] as Buffer)
      : Buffer.concat(this.#chunks, this.#length);
  }

  /**
   * Reads `bytes` from `start`; returns the offset just past the body's end, or -1 when it needs
   * more bytes (all of `bytes` was consumed).
   * @throws {RequestHeadError} on a malformed body.
   * @throws {BodyTooLargeError} once a chunk would take the body past its limit (before the chunk's
   *   data is kept).
   */
  push(bytes: Buffer, start: number): number {
    let index = start;
    while (index < bytes.length) {
      if (this.#phase === "data") {
        const take = Math.min(this.#remaining, bytes.length - index);
        this.#chunks.push(bytes.subarray(index, index + take));
        this.#length += take;
        this.#remaining -= take;
        index += take;
        if (this.#remaining === 0) {
          this.#phase = "data-end";
        }
        continue;
      }
      const lineEnd = bytes.indexOf(LF, index);
      if (lineEnd === -1) {
        this.#appendLine(bytes.subarray(index));
        return -1;
      }
      const line = this.#takeLine(bytes.subarray(index, lineEnd));
      index = lineEnd + 1;
      if (this.#readLine(line)) {
        return index;
      }
    }
    return -1;
  }

  /** Handles one line without its LF; true when it ends the body. */
  #readLine(withCr: Buffer): boolean {
    if (withCr.length === 0 || withCr[withCr.length - 1] !== CR) {
      throw malformed("a line not ending in CRLF");
    }
    const line = withCr.subarray(0, withCr.length - 1);
    switch (this.#phase) {
      case "size": {
        const size = parseChunkSize(line);
        if (this.#length + size > this.#maxBodyBytes) {
          throw new BodyTooLargeError(this.#length + size);
        }
        if (size === 0) {
          this.#phase = "trailer";
        } else {
          this.#remaining = size;
          this.#phase = "data";
        }
        return false;
      }
      case "data-end":
        if (line.length !== 0) {
          throw malformed("chunk data longer than its size");
        }
        this.#phase = "size";
        return false;
      case "trailer":
        // Trailer fields are dropped; the empty line ends the body.
        return line.length === 0;
      default:
        throw new Error(`unreachable chunked phase ${this.#phase}`);
    }
  }

  #appendLine(piece: Buffer): void {
    this.#line = this.#line === undefined ? Buffer.from(piece) : Buffer.concat([this.#line, piece]);
    if (this.#line.length > MAX_LINE_BYTES) {
      throw malformed("a chunk-size or trailer line is too long");
    }
  }

  #takeLine(rest: Buffer): Buffer {
    if (this.#line === undefined) {
      return rest;
    }
    const line = Buffer.concat([this.#line, rest]);
    this.#line = undefined;
    if (line.length > MAX_LINE_BYTES) {
      throw malformed("a chunk-size or trailer line is too long");
    }
    return line;
  }
}

/** `chunk-size [ chunk-ext ]`: hex digits, then optionally `;` and extensions (ignored). */
function parseChunkSize(line: Buffer): number {
  let digits = 0;
  let size = 0;
  for (const byte of line) {
    const value = hexValue(byte);
    if (value === -1) {
      break;
    }
    size = size * 16 + value;
    digits++;
  }
  const rest = line.subarray(digits).toString("latin1").trimStart();
  if (digits === 0 || digits > MAX_SIZE_DIGITS || !(rest === "" || rest.startsWith(";"))) {
    throw malformed(`invalid chunk size '${line.toString("latin1").slice(0, 32)}'`);
  }
  return size;
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) {
    return byte - 0x30;
  }
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}
