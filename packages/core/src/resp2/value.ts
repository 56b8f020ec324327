/**
 * A RESP2 value. `bulk` keeps raw bytes; text decoding is the caller's decision.
 * RESP2 has two nulls: the null bulk string (`$-1`, e.g. GET of a missing key) and the null array
 * (`*-1`, e.g. BLPOP timing out, EXEC after WATCH failed). Clients see both as nil, but the bytes
 * differ, and byte-exact replies are part of the contract.
 */
export type Resp2Value =
  | { readonly kind: "simple"; readonly value: string }
  | { readonly kind: "error"; readonly message: string }
  | { readonly kind: "integer"; readonly value: bigint }
  | { readonly kind: "bulk"; readonly value: Uint8Array }
  | { readonly kind: "null" }
  | { readonly kind: "null-array" }
  | { readonly kind: "array"; readonly items: readonly Resp2Value[] };

export type Resp2Kind = Resp2Value["kind"];
