import type { RedisKey } from "../../argv.ts";
import { asArrayOf, asNullableArrayOf, asRaw, asScoredMembers, asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ZMPOP numkeys key [key ...] MIN | MAX [COUNT count]: pop from the first non-empty sorted set; null when all are empty.
 * @see https://redis.io/commands/zmpop
 */
export const zmpop = defineClientCommand<
  (
    keys: readonly [RedisKey, ...RedisKey[]],
    end: "MIN" | "MAX",
    count?: number,
  ) => { key: string; members: { member: string; score: number }[] } | null
>({
  name: "ZMPOP",
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
      : {
          key: asText(pair[0] ?? null),
          members: asArrayOf((entry) => asScoredMembers(entry)[0] ?? { member: "", score: 0 })(
            pair[1] ?? null,
          ),
        };
  },
});
