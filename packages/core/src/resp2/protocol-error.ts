import { StratusCoreError } from "../errors.ts";

/**
 * Thrown when bytes are not valid RESP2: a reply to {@link decodeResp2} or
 * {@link Resp2StreamDecoder}, or a request to {@link Resp2RequestParser}. The stream cannot be
 * resynchronised after one (RESP2 has no frame markers to skip to), so the connection should be
 * closed, as Redis does after it replies `-ERR Protocol error: …`.
 */
export class Resp2ProtocolError extends StratusCoreError {
  override readonly name: string = "Resp2ProtocolError";
  /**
   * Where the offending frame or field starts: an index into the bytes given to `decodeResp2`, or
   * the number of bytes of the stream before it for the stream decoder and the request parser.
   */
  readonly offset: number;

  /** @param message the whole message; @param offset see {@link Resp2ProtocolError.offset}. */
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

/**
 * The error {@link Resp2RequestParser.push} throws. `message` is Redis's exact text (the listener
 * writes `-ERR <message>\r\n` and closes the connection), and `commands` holds the requests that
 * the same chunk completed before the malformed bytes: Redis runs those first, since
 * `processInputBuffer` executes each command as soon as it is parsed and only then meets the error.
 */
export class Resp2RequestError extends Resp2ProtocolError {
  override readonly name: string = "Resp2RequestError";
  /** Complete requests (argv arrays) that preceded the error in the chunk, in order. */
  readonly commands: readonly Uint8Array[][];

  /**
   * @param message Redis's text; @param offset stream offset of the offending request or field;
   * @param commands requests completed before it.
   */
  constructor(message: string, offset: number, commands: readonly Uint8Array[][]) {
    super(message, offset);
    this.commands = commands;
  }
}
