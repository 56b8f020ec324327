import type { RedisKey } from "../../argv.ts";
import { asNullableArrayOf, asRaw, asText, asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LMPOP numkeys key [key ...] LEFT | RIGHT [COUNT count]: pop from the first non-empty list; null when all are empty.
 * @see https://redis.io/commands/lmpop
 */
export const lmpop = defineClientCommand<
  (
    keys: readonly [RedisKey, ...RedisKey[]],
    end: "LEFT" | "RIGHT",
    count?: number,
  ) => { key: string; elements: string[] } | null
>({
  name: "LMPOP",
  encode: (keys, end, count) => [
    keys.length,
    ...keys,
    end,
    ...(count === undefined ? [] : ["COUNT", count]),
  ],
  decode: (value) => {
    const pair = asNullableArrayOf(asRaw)(value);
    return pair === null
      ? null
      : { key: asText(pair[0] ?? null), elements: asTextArray(pair[1] ?? null) };
  },
});
