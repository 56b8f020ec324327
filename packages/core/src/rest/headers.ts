/**
 * The key-value REST headers (spec/kv-rest-wire.md §1, §10), in lower case as Node and `fetch`
 * give them: the service's `Upstash-*` names, which clients send, and the `Service-*` aliases our
 * spec gives them, which the emulator accepts too.
 */
export const RestHeaders = {
  /** `base64`: every string of the reply is base64 of its bytes (§6). */
  ENCODING: "upstash-encoding",
  /** `json` (the default) or `resp2` (§7). */
  RESPONSE_FORMAT: "upstash-response-format",
  /** Read-your-writes: answered on every response, sent back with the next request (§10). */
  SYNC_TOKEN: "upstash-sync-token",
} as const;

/** The names a request header is read under, the service's first (§1). */
export const REST_HEADER_ALIASES = {
  ENCODING: [RestHeaders.ENCODING, "service-encoding"],
  RESPONSE_FORMAT: [RestHeaders.RESPONSE_FORMAT, "service-response-format"],
} as const;
