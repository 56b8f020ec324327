import { formatResp3Double, type Resp3Request, resp3Reshaper } from "@stratus/core/resp3";

/**
 * What a command answers. Bulk strings are binary strings (see `bytes.ts`); `kv/` converts replies
 * to `@stratus/core`'s `Resp2Value` at the edge.
 *
 * Commands answer in RESP2 terms, and the RESP listener gives a reply its RESP3 shape from the
 * command table. Only scripts make the RESP3 kinds (`Resp3Reply`): a Lua table `{map=…}`,
 * `{set=…}`, `{double=…}`, `{big_number=…}` or `{verbatim_string=…}`, a boolean after
 * `redis.setresp(3)`, and `redis.call`'s replies reshaped for such a script. Each has its RESP2
 * form (`resp2Form`), which RESP2 clients and the REST interface get.
 */
export type Reply =
  | { readonly kind: "simple"; readonly value: string }
  | { readonly kind: "error"; readonly message: string }
  | { readonly kind: "integer"; readonly value: number | bigint }
  | { readonly kind: "bulk"; readonly value: string }
  | { readonly kind: "null" }
  | { readonly kind: "null-array" }
  | { readonly kind: "array"; readonly items: readonly Reply[] }
  | Resp3Reply;

/** The RESP3 types a script can answer with (src/script_lua.c luaReplyToRedisReply). */
export type Resp3Reply =
  /** `text` is how the double is written (`addReplyDouble`). */
  | { readonly kind: "double"; readonly value: number; readonly text: string }
  | { readonly kind: "boolean"; readonly value: boolean }
  | { readonly kind: "big-number"; readonly text: string }
  /** `format` is the three-character type (`txt`, `mkd`). */
  | { readonly kind: "verbatim"; readonly format: string; readonly value: string }
  /** A map's keys and values, flat: `[key, value, key, value, …]`. */
  | { readonly kind: "map"; readonly items: readonly Reply[] }
  | { readonly kind: "set"; readonly items: readonly Reply[] };

/**
 * A command's RESP2-terms reply to `argv` as Redis writes it under RESP3, by the command's shape
 * (`resp3Reshaper`'s rules): for a script that called `redis.setresp(3)`. Nulls stay the engine's;
 * the script's conversion makes them nil.
 */
export const toResp3Reply: (value: Reply, request: Resp3Request) => Reply = resp3Reshaper<
  Reply,
  Reply
>({
  items: (value) => (value.kind === "array" ? value.items : undefined),
  bulkText: (value) => (value.kind === "bulk" ? value.value : undefined),
  plain: (value) => value,
  array: (items) => reply.array(items),
  set: (items) => ({ kind: "set", items }),
  map: (entries) => ({ kind: "map", items: entries.flat() }),
  double: (value, text) => ({ kind: "double", value, text: text ?? formatResp3Double(value) }),
});

/**
 * A RESP3 reply as RESP2 writes it (`addReplyDouble` & co. under `c->resp == 2`): a double, big
 * number or verbatim string as a bulk string, a boolean as 1 or 0, a map as its flat array, a set
 * as an array. Their items keep their own kinds.
 */
export function resp2Form(value: Resp3Reply): Reply {
  switch (value.kind) {
    case "double":
      return reply.bulk(value.text);
    case "boolean":
      return reply.integer(value.value ? 1 : 0);
    case "big-number":
      return reply.bulk(value.text);
    case "verbatim":
      return reply.bulk(value.value);
    case "map":
    case "set":
      return reply.array(value.items);
    default:
      return value satisfies never;
  }
}

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
