import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SCRIPT FLUSH [ASYNC | SYNC]: empty the script cache.
 * @see https://redis.io/commands/script-flush
 */
export const scriptFlush = defineClientCommand<() => "OK">({
  name: "SCRIPT FLUSH",
  encode: () => [],
  decode: asOk,
});
