/**
 * UTF-8 encoding on the request path. `TextEncoder.encode` costs a few hundred nanoseconds per
 * call on Node 20 whatever the length, which showed in every request (arguments, path segments,
 * the response body); short ASCII text, the common case, is copied byte by byte instead.
 */

const encoder = new TextEncoder();
/** Past this length the native encoder wins. */
const MAX_LOOP_LENGTH = 64;
/** As Node's `Buffer.poolSize`. */
const SLAB_SIZE = 8192;

/**
 * Short results are views into a shared slab, as Node pools small Buffers: V8 keeps a small
 * `new Uint8Array(n)` inside its own heap and must move it out the first time `.buffer` is read,
 * which the engine (to decode arguments) and the socket (to write the body) both do. That move
 * cost more than the encoding saved. Slabs are only ever appended to, so a view stays valid.
 */
let slab = new Uint8Array(SLAB_SIZE);
let slabUsed = 0;

/** The UTF-8 bytes of `text`, as `TextEncoder.encode` gives them. */
export function encodeUtf8(text: string): Uint8Array {
  const length = text.length;
  if (length > MAX_LOOP_LENGTH) {
    return encoder.encode(text);
  }
  for (let i = 0; i < length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      return encoder.encode(text);
    }
  }
  if (slabUsed + length > SLAB_SIZE) {
    slab = new Uint8Array(SLAB_SIZE);
    slabUsed = 0;
  }
  const bytes = slab.subarray(slabUsed, slabUsed + length);
  slabUsed += length;
  for (let i = 0; i < length; i++) {
    bytes[i] = text.charCodeAt(i);
  }
  return bytes;
}
