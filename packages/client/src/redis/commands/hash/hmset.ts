import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * HMSET key field value [field value ...]: set fields (the old name of HSET).
 * @see https://redis.io/commands/hmset
 */
export const hmset = defineClientCommand<
  (key: RedisKey, fields: Readonly<Record<string, RedisArgument>>) => "OK"
>({
  name: "HMSET",
  encode: (key, fields) => [key, ...Object.entries(fields).flat()],
  decode: asOk,
});
