/**
 * The server side of RESP2: client requests, parsed the way Redis's `processInputBuffer`,
 * `processMultibulkBuffer` and `processInlineBuffer` (redis/src/networking.c, 7.x) do, with
 * their exact error texts. Quirks of Redis are kept where a client could observe them; the
 * deliberate differences are marked `Emulator difference:`.
 */
import { ByteBuffer } from "./byte-buffer.ts";
import { Byte, copyBytes } from "./bytes.ts";
import { parseLength } from "./decimal.ts";
import { splitInlineArgs } from "./inline.ts";
import { Resp2Limits } from "./limits.ts";
import { Resp2ProtocolError, Resp2RequestError } from "./protocol-error.ts";

/** Options of {@link Resp2RequestParser}. */
export interface Resp2RequestParserOptions {
  /**
   * The largest bulk argument, in bytes: Redis's `proto-max-bulk-len`.
   * @default Resp2Limits.MAX_BULK_BYTES (512 MiB)
   */
  readonly maxBulkBytes?: number;
  /**
   * The largest `*<count>` of a request. Set `1024 * 1024` to behave like Redis 6.2 and older.
   * @default Resp2Limits.MAX_MULTIBULK_ARGS (`INT_MAX`, Redis 7.0+)
   */
  readonly maxMultibulkArgs?: number;
}

/** Redis's error texts (networking.c), which the listener sends as `-ERR <text>`. */
const ERROR = {
  TOO_BIG_INLINE: "Protocol error: too big inline request",
  UNBALANCED_QUOTES: "Protocol error: unbalanced quotes in request",
  TOO_BIG_MBULK_COUNT: "Protocol error: too big mbulk count string",
  INVALID_MULTIBULK_LENGTH: "Protocol error: invalid multibulk length",
  TOO_BIG_BULK_COUNT: "Protocol error: too big bulk count string",
  INVALID_BULK_LENGTH: "Protocol error: invalid bulk length",
} as const;

/** `c->reqtype`: unknown until the first byte of a request is seen. */
const RequestType = { NONE: 0, INLINE: 1, MULTIBULK: 2 } as const;
type RequestType = (typeof RequestType)[keyof typeof RequestType];

/**
 * Parses the requests a client sends, in chunks split anywhere, into argv arrays: multibulk
 * requests (`*2\r\n$3\r\nGET\r\n$1\r\nk\r\n`, what every client library sends) and inline
 * commands (`GET k\r\n`, for telnet), with `sdssplitargs` quoting (inline.ts).
 *
 * As in Redis, a request is multibulk when its first byte is `*` and inline otherwise; an empty
 * inline line, `*0` and `*-1` (any count ≤ 0) produce no command.
 *
 * Emulator difference: the 64 KiB limits (`PROTO_INLINE_MAX_SIZE`) apply to the line itself.
 * Redis checks them only while the line has no terminator in its query buffer, so whether it
 * accepts a longer line depends on how the bytes were split into reads; we reject any line whose
 * terminator is not within the first 64 KiB + 1 bytes, which is what Redis does when the line
 * arrives in small reads, and keeps our result independent of chunking.
 *
 * Emulator difference: Redis 7 rejects a count above 10 or a bulk above 16 KiB from a client
 * that has not authenticated yet ("unauthenticated multibulk/bulk length"). The parser runs ahead
 * of command execution, so it cannot know when a pipelined AUTH succeeds; those checks are left out.
 *
 * @example
 * const parser = new Resp2RequestParser();
 * parser.push(utf8("*1\r\n$4\r\nPI")); // []
 * parser.push(utf8("NG\r\nECHO hi\r\n")); // [[PING], [ECHO, hi]] (as bytes)
 */
export class Resp2RequestParser {
  readonly #buffer = new ByteBuffer();
  readonly #maxBulkBytes: number;
  readonly #maxMultibulkArgs: number;
  /** Stream offset of the first byte buffered (or of the next chunk), for error offsets. */
  #position = 0;
  /** How many buffered bytes the next step needs before it can progress. */
  #needed = 1;
  #failure: Resp2RequestError | undefined;
  // The request in progress, as Redis keeps it on the client (`reqtype`, `multibulklen`, `bulklen`).
  #requestType: RequestType = RequestType.NONE;
  #argsLeft = 0;
  #bulkLength = -1;
  #argv: Uint8Array[] = [];
  /** How far into the current line the terminator search got, so a retry resumes there. */
  #searched = 0;
  /** A NUL came before any terminator in the current line (see #findTerminator). */
  #isBlocked = false;

  /** @param options limits; Redis's defaults when omitted. */
  constructor(options: Resp2RequestParserOptions = {}) {
    this.#maxBulkBytes = options.maxBulkBytes ?? Resp2Limits.MAX_BULK_BYTES;
    this.#maxMultibulkArgs = options.maxMultibulkArgs ?? Resp2Limits.MAX_MULTIBULK_ARGS;
  }

  /** The bytes received but not yet parsed (part of a request). Redis's query buffer, roughly. */
  get bufferedBytes(): number {
    return this.#buffer.length;
  }

  /**
   * True between requests: nothing buffered and no request begun, so the next bytes start a new
   * one. A caller with a faster path for whole requests may parse them itself then, and hand the
   * parser the rest.
   */
  get isAtRequestStart(): boolean {
    return (
      this.#buffer.length === 0 &&
      this.#requestType === RequestType.NONE &&
      this.#failure === undefined
    );
  }

  /**
   * Feeds the next chunk and returns the requests it completed, in order, as argv arrays of
   * copied bytes. The chunk is not kept.
   * @throws {Resp2RequestError} on a protocol error, with Redis's text as `message` and the
   * requests the chunk completed before the error as `commands` (run them, then reply
   * `-ERR <message>` and close, as Redis does). The parser cannot recover; later calls throw again.
   */
  push(chunk: Uint8Array): Uint8Array[][] {
    if (this.#failure !== undefined) {
      throw new Resp2RequestError(this.#failure.message, this.#failure.offset, []);
    }
    const commands: Uint8Array[][] = [];
    const isDirect = this.#buffer.length === 0;
    if (!isDirect) {
      this.#buffer.append(chunk);
    }
    const bytes = isDirect ? chunk : this.#buffer.view();
    let offset = 0;
    try {
      while (bytes.length - offset >= this.#needed) {
        const next = this.#step(bytes, offset, commands);
        if (next < 0) {
          break;
        }
        offset = next;
        this.#needed = 1;
        this.#searched = 0;
        this.#isBlocked = false;
      }
    } catch (error: unknown) {
      if (error instanceof Resp2ProtocolError) {
        this.#failure = new Resp2RequestError(error.message, error.offset, commands);
        throw this.#failure;
      }
      throw error;
    }
    this.#position += offset;
    if (isDirect) {
      this.#buffer.append(chunk.subarray(offset));
    } else {
      this.#buffer.consume(offset);
    }
    return commands;
  }

  /**
   * Consumes one token at `offset`: an inline line, a `*` line, a `$` line or a bulk's data.
   * Returns the offset after it, or -1 (having set #needed) when more bytes are needed.
   */
  #step(bytes: Uint8Array, offset: number, commands: Uint8Array[][]): number {
    if (this.#requestType === RequestType.NONE) {
      this.#requestType = bytes[offset] === Byte.STAR ? RequestType.MULTIBULK : RequestType.INLINE;
    }
    if (this.#requestType === RequestType.INLINE) {
      return this.#readInline(bytes, offset, commands);
    }
    if (this.#argsLeft === 0) {
      return this.#readMultibulkCount(bytes, offset);
    }
    if (this.#bulkLength < 0) {
      return this.#readBulkLength(bytes, offset);
    }
    return this.#readBulk(bytes, offset, commands);
  }

  /** `processInlineBuffer`: one line up to LF (a CR before it is dropped), split by `sdssplitargs`. */
  #readInline(bytes: Uint8Array, offset: number, commands: Uint8Array[][]): number {
    const lf = this.#findTerminator(bytes, offset, Byte.LF);
    if (lf < 0) {
      return this.#waitForLine(bytes, offset, ERROR.TOO_BIG_INLINE);
    }
    const lineEnd = lf > offset && bytes[lf - 1] === Byte.CR ? lf - 1 : lf;
    const argv = splitInlineArgs(bytes.subarray(offset, lineEnd));
    if (argv === undefined) {
      this.#fail(offset, ERROR.UNBALANCED_QUOTES);
    }
    if (argv.length > 0) {
      commands.push(argv);
    }
    this.#requestType = RequestType.NONE;
    return lf + 1;
  }

  /** The `*<count>\r\n` line of a multibulk request. */
  #readMultibulkCount(bytes: Uint8Array, offset: number): number {
    const cr = this.#findTerminator(bytes, offset, Byte.CR);
    if (cr < 0) {
      return this.#waitForLine(bytes, offset, ERROR.TOO_BIG_MBULK_COUNT);
    }
    if (cr + 1 >= bytes.length) {
      return this.#waitAfterCr(offset, cr); // Redis waits for the byte after the CR, too
    }
    const count = parseLength(bytes, offset + 1, cr);
    if (count === undefined || count > this.#maxMultibulkArgs) {
      this.#fail(offset, ERROR.INVALID_MULTIBULK_LENGTH);
    }
    if (count <= 0) {
      // Redis accepts `*0` and any negative count as an empty request (tests/unit/protocol.tcl,
      // "Negative multibulk length").
      this.#requestType = RequestType.NONE;
    } else {
      this.#argsLeft = count;
    }
    // Redis skips the two bytes after the digits without checking that the second is LF.
    return cr + 2;
  }

  /** The `$<length>\r\n` line of one argument. */
  #readBulkLength(bytes: Uint8Array, offset: number): number {
    const cr = this.#findTerminator(bytes, offset, Byte.CR);
    if (cr < 0) {
      return this.#waitForLine(bytes, offset, ERROR.TOO_BIG_BULK_COUNT);
    }
    if (cr + 1 >= bytes.length) {
      return this.#waitAfterCr(offset, cr);
    }
    const first = bytes[offset] ?? 0;
    if (first !== Byte.DOLLAR) {
      // `addReplyErrorFormat` turns CR and LF into spaces (`sdsmapchars`), so the byte shown is too.
      const shown = first === Byte.CR || first === Byte.LF ? " " : String.fromCharCode(first);
      this.#fail(offset, `Protocol error: expected '$', got '${shown}'`);
    }
    const length = parseLength(bytes, offset + 1, cr);
    if (length === undefined || length < 0 || length > this.#maxBulkBytes) {
      this.#fail(offset, ERROR.INVALID_BULK_LENGTH);
    }
    this.#bulkLength = length;
    return cr + 2;
  }

  /** An argument's data and the two bytes after it (Redis skips them unchecked, as CRLF). */
  #readBulk(bytes: Uint8Array, offset: number, commands: Uint8Array[][]): number {
    const end = offset + this.#bulkLength;
    if (bytes.length < end + 2) {
      this.#needed = this.#bulkLength + 2;
      return -1;
    }
    // A copy: the caller may reuse its buffer.
    this.#argv.push(copyBytes(bytes, offset, end));
    this.#bulkLength = -1;
    this.#argsLeft -= 1;
    if (this.#argsLeft === 0) {
      commands.push(this.#argv);
      this.#argv = [];
      this.#requestType = RequestType.NONE;
    }
    return end + 2;
  }

  /**
   * Finds `terminator` in the line starting at `offset`, searching at most 64 KiB + 1 bytes (see
   * the class's note on limits). Redis searches with `strchr`, which stops at a NUL byte, so a NUL
   * before the terminator hides it: Redis then waits until the line exceeds the limit and fails
   * with the "too big" error, and so do we. Returns the index, or -1.
   */
  #findTerminator(bytes: Uint8Array, offset: number, terminator: number): number {
    if (this.#isBlocked) {
      return -1;
    }
    const windowEnd = Math.min(bytes.length, offset + Resp2Limits.MAX_INLINE_BYTES + 1);
    // A plain loop: header lines are a few bytes, where a view and two indexOf's cost more than
    // the scan (they showed at 5% of a pipelined SET/GET profile).
    for (let index = offset + this.#searched; index < windowEnd; index++) {
      const byte = bytes[index];
      if (byte === terminator) {
        return index;
      }
      if (byte === Byte.NUL) {
        this.#isBlocked = true;
        return -1;
      }
    }
    this.#searched = windowEnd - offset;
    return -1;
  }

  /** No terminator yet: fail with `tooBig` past 64 KiB, as Redis does, or wait for a byte more. */
  #waitForLine(bytes: Uint8Array, offset: number, tooBig: string): number {
    if (bytes.length - offset > Resp2Limits.MAX_INLINE_BYTES) {
      this.#fail(offset, tooBig);
    }
    this.#needed = bytes.length - offset + 1;
    return -1;
  }

  /** The CR is the last byte buffered: resume the search there once one more byte arrives. */
  #waitAfterCr(offset: number, cr: number): number {
    this.#searched = cr - offset;
    this.#needed = cr - offset + 2;
    return -1;
  }

  #fail(offset: number, message: string): never {
    throw new Resp2ProtocolError(message, this.#position + offset);
  }
}
