import type { RedisKey } from "../../argv.ts";
import { asIntegerArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XDELEX key [KEEPREF | DELREF | ACKED] IDS numids id [id ...]: delete entries with control over group references; one code per id.
 * @see https://redis.io/commands/xdelex
 */
export const xdelex = defineClientCommand<
  (
    key: RedisKey,
    ids: readonly [string, ...string[]],
    policy?: "KEEPREF" | "DELREF" | "ACKED",
  ) => number[]
>({
  name: "XDELEX",
  encode: (key, ids, policy) => [
    key,
    ...(policy === undefined ? [] : [policy]),
    "IDS",
    ids.length,
    ...ids,
  ],
  decode: asIntegerArray,
});
