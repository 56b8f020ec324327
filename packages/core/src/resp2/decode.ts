import { StratusCoreError } from "../errors.ts";
import { Resp2FrameReader } from "./frame-reader.ts";
import type { Resp2Value } from "./value.ts";

/**
 * What {@link decodeResp2} returns: a whole frame and the offset just after it, or `incomplete`
 * when the bytes end inside a frame that more bytes could complete (tokio-rs/mini-redis
 * `Frame::check`'s `Incomplete`, as against a protocol error).
 */
export type Resp2DecodeResult =
  | {
      readonly status: "complete";
      readonly value: Resp2Value;
      /** The index just after the frame: where the next frame starts. */
      readonly offset: number;
    }
  | { readonly status: "incomplete" };

const INCOMPLETE: Resp2DecodeResult = Object.freeze({ status: "incomplete" });

/**
 * Decodes one RESP2 reply frame starting at `bytes[offset]`. Bulk strings are copied out of
 * `bytes`, so the caller may reuse the buffer.
 *
 * To decode a stream that arrives in chunks, use {@link Resp2StreamDecoder}, which does not
 * re-read a partial frame from its start on every chunk.
 *
 * @param offset where the frame starts; `bytes.length` gives `incomplete`.
 * @throws {Resp2ProtocolError} on malformed input (with the offending index as `offset`): an
 * unknown type byte, a bad integer or length, a bulk string not followed by CRLF, a length below
 * -1 or above 512 MiB, or arrays nested deeper than {@link Resp2Limits.MAX_DEPTH}. Nothing else
 * is thrown for any bytes.
 * @throws {StratusCoreError} if `offset` is not an index into `bytes` (a caller bug).
 * @example
 * decodeResp2(bytes); // { status: "complete", value: { kind: "simple", value: "OK" }, offset: 5 }
 */
export function decodeResp2(bytes: Uint8Array, offset = 0): Resp2DecodeResult {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > bytes.length) {
    throw new StratusCoreError(`offset ${offset} is outside the ${bytes.length} bytes given`);
  }
  const result = new Resp2FrameReader().read(bytes, offset, 0);
  return result.status === "complete"
    ? { status: "complete", value: result.value, offset: result.offset }
    : INCOMPLETE;
}
