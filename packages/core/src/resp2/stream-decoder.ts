import { ByteBuffer } from "./byte-buffer.ts";
import { Resp2FrameReader } from "./frame-reader.ts";
import { Resp2ProtocolError } from "./protocol-error.ts";
import type { Resp2Value } from "./value.ts";

/**
 * Decodes a stream of RESP2 replies that arrives in chunks split anywhere, such as a socket to a
 * Redis server (the proxy backend) or to the emulator (tests, the TUI).
 *
 * Each byte is examined once: complete tokens are consumed as they arrive (partial arrays are kept
 * as state), and while a bulk string is incomplete, chunks are only appended until enough bytes
 * are buffered, so a 100 MB value split into 64 KiB chunks costs no rescans.
 *
 * @example
 * const decoder = new Resp2StreamDecoder();
 * socket.on("data", (chunk) => { for (const reply of decoder.push(chunk)) handle(reply); });
 */
export class Resp2StreamDecoder {
  readonly #reader = new Resp2FrameReader();
  readonly #buffer = new ByteBuffer();
  /** Stream offset of the first byte buffered (or of the next chunk), for error offsets. */
  #position = 0;
  /** How many buffered bytes the reader needs before it can progress. */
  #needed = 1;
  #error: Resp2ProtocolError | undefined;

  /**
   * The bytes received but not yet decoded: a partial token. Arrays whose items are partly decoded
   * are held as values, not bytes, and do not count.
   */
  get bufferedBytes(): number {
    return this.#buffer.length;
  }

  /**
   * Feeds the next chunk and returns every frame it completed, in order. The chunk is not kept.
   * @throws {Resp2ProtocolError} on malformed input, at the same stream offset however the
   * stream was split. Frames this chunk completed before the error are not returned: the
   * connection is broken, and its pending callers should all fail. The stream cannot recover, so
   * later calls rethrow the same error.
   */
  push(chunk: Uint8Array): Resp2Value[] {
    if (this.#error !== undefined) {
      throw this.#error;
    }
    const values: Resp2Value[] = [];
    // With nothing buffered, read the chunk in place and buffer only its unread tail.
    const isDirect = this.#buffer.length === 0;
    if (!isDirect) {
      this.#buffer.append(chunk);
    }
    const bytes = isDirect ? chunk : this.#buffer.view();
    let offset = 0;
    try {
      while (bytes.length - offset >= this.#needed) {
        const result = this.#reader.read(bytes, offset, this.#position);
        offset = result.offset;
        if (result.status === "incomplete") {
          this.#needed = result.needed - result.offset;
          break;
        }
        values.push(result.value);
        this.#needed = 1;
      }
    } catch (error: unknown) {
      if (error instanceof Resp2ProtocolError) {
        this.#error = error;
      }
      throw error;
    }
    this.#position += offset;
    if (isDirect) {
      this.#buffer.append(chunk.subarray(offset));
    } else {
      this.#buffer.consume(offset);
    }
    return values;
  }
}
