/**
 * What a command answers. Bulk strings are binary strings (see `bytes.ts`); `kv/` converts replies
 * to `@stratus/core`'s `Resp2Value` at the edge.
 */

export type Reply =
  | { readonly kind: "simple"; readonly value: string }
  | { readonly kind: "error"; readonly message: string }
  | { readonly kind: "integer"; readonly value: number | bigint }
  | { readonly kind: "bulk"; readonly value: string }
  | { readonly kind: "null" }
  | { readonly kind: "null-array" }
  | { readonly kind: "array"; readonly items: readonly Reply[] };

const OK: Reply = { kind: "simple", value: "OK" };
const NULL: Reply = { kind: "null" };
const NULL_ARRAY: Reply = { kind: "null-array" };
const EMPTY_ARRAY: Reply = { kind: "array", items: [] };
const SMALL_INTEGERS: readonly Reply[] = Array.from({ length: 256 }, (_, value) => ({
  kind: "integer",
  value,
}));

/** Reply constructors; constant replies are shared, so commands allocate only what varies. */
export const reply = {
  ok: (): Reply => OK,
  simple: (value: string): Reply => ({ kind: "simple", value }),
  error: (message: string): Reply => ({ kind: "error", message }),
  integer: (value: number | bigint): Reply =>
    typeof value === "number" && value >= 0 && value < 256 && Number.isInteger(value)
      ? (SMALL_INTEGERS[value] as Reply)
      : { kind: "integer", value },
  /** A bulk string holding a binary string. */
  bulk: (value: string): Reply => ({ kind: "bulk", value }),
  /** A bulk string, or the null bulk string when `value` is undefined. */
  bulkOrNull: (value: string | undefined): Reply =>
    value === undefined ? NULL : { kind: "bulk", value },
  null: (): Reply => NULL,
  nullArray: (): Reply => NULL_ARRAY,
  array: (items: readonly Reply[]): Reply =>
    items.length === 0 ? EMPTY_ARRAY : { kind: "array", items },
  /** An array of bulk strings. */
  bulks: (values: Iterable<string>): Reply => {
    const items: Reply[] = [];
    for (const value of values) {
      items.push({ kind: "bulk", value });
    }
    return reply.array(items);
  },
  /** An array of bulk strings where undefined becomes the null bulk string. */
  bulksOrNull: (values: Iterable<string | undefined>): Reply => {
    const items: Reply[] = [];
    for (const value of values) {
      items.push(value === undefined ? NULL : { kind: "bulk", value });
    }
    return reply.array(items);
  },
  integers: (values: Iterable<number>): Reply =>
    reply.array(Array.from(values, (value) => reply.integer(value))),
} as const;
