import type { RedisKey } from "../../argv.ts";
import { asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * TYPE key: the type name of the value at key (`none` when absent).
 * @see https://redis.io/commands/type
 */
export const type = defineClientCommand<(key: RedisKey) => string>({
  name: "TYPE",
  encode: (key) => [key],
  decode: asText,
});
