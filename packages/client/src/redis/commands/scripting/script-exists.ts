import { asBooleanArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SCRIPT EXISTS sha1 [sha1 ...]: whether each script is cached.
 * @see https://redis.io/commands/script-exists
 */
export const scriptExists = defineClientCommand<(...sha1s: [string, ...string[]]) => boolean[]>({
  name: "SCRIPT EXISTS",
  encode: (...sha1s) => sha1s,
  decode: asBooleanArray,
});
