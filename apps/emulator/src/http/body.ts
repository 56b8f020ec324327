/** Response bodies (`EmulatorResponse.body`): whole bytes or UTF-8 text, or a stream of chunks. */

/** Whether the body is all there (bytes or text), not a stream. */
export function isWholeBody(
  body: Uint8Array | string | AsyncIterable<Uint8Array>,
): body is Uint8Array | string {
  return typeof body === "string" || body instanceof Uint8Array;
}

/** The size of a whole body in bytes (`content-length`, usage); text counts as UTF-8. */
export function byteLength(body: Uint8Array | string): number {
  return typeof body === "string" ? Buffer.byteLength(body, "utf8") : body.byteLength;
}
