/**
 * A RESP3 value (https://github.com/redis/redis-specification/blob/master/protocol/RESP3.md).
 * Bulk strings and blob errors keep raw bytes. RESP3 has one null (`_`); a map's keys may be any
 * value, so it is a list of entries. An attribute (`|`) annotates the value that follows it.
 */
export type Resp3Value =
  | { readonly kind: "simple"; readonly value: string }
  | { readonly kind: "error"; readonly message: string }
  | { readonly kind: "integer"; readonly value: bigint }
  | { readonly kind: "bulk"; readonly value: Uint8Array }
  | { readonly kind: "null" }
  | { readonly kind: "boolean"; readonly value: boolean }
  /**
   * `inf`, `-inf` and `nan` included. `text`, when set, is written as it is (Redis 7.0 writes
   * `%.17g`, e.g. `0.10000000000000001`, where the shortest form is `0.1`).
   */
  | { readonly kind: "double"; readonly value: number; readonly text?: string }
  | { readonly kind: "big-number"; readonly value: bigint }
  | { readonly kind: "blob-error"; readonly message: Uint8Array }
  /** `format`: three characters, e.g. `txt` or `mkd`. */
  | { readonly kind: "verbatim"; readonly format: string; readonly value: Uint8Array }
  | { readonly kind: "array"; readonly items: readonly Resp3Value[] }
  | { readonly kind: "set"; readonly items: readonly Resp3Value[] }
  | { readonly kind: "push"; readonly items: readonly Resp3Value[] }
  | { readonly kind: "map"; readonly entries: readonly (readonly [Resp3Value, Resp3Value])[] }
  | {
      readonly kind: "attribute";
      readonly entries: readonly (readonly [Resp3Value, Resp3Value])[];
      readonly value: Resp3Value;
    };

export type Resp3Kind = Resp3Value["kind"];
