/** The size of a response body in bytes (`content-length`, usage); text counts as UTF-8. */
export function byteLength(body: Uint8Array | string): number {
  return typeof body === "string" ? Buffer.byteLength(body, "utf8") : body.byteLength;
}
