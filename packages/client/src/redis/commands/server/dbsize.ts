import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * DBSIZE: the number of keys.
 * @see https://redis.io/commands/dbsize
 */
export const dbsize = defineClientCommand<() => number>({
  name: "DBSIZE",
  encode: () => [],
  decode: asInteger,
});
