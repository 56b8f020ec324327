import type { RedisKey } from "../../argv.ts";
import { asIntegerArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XACKDEL key group [KEEPREF | DELREF | ACKED] IDS numids id [id ...]: acknowledge and delete entries; one code per id.
 * @see https://redis.io/commands/xackdel
 */
export const xackdel = defineClientCommand<
  (key: RedisKey, group: string, ids: readonly [string, ...string[]]) => number[]
>({
  name: "XACKDEL",
  encode: (key, group, ids) => [key, group, "IDS", ids.length, ...ids],
  decode: asIntegerArray,
});
