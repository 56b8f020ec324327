import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * FUNCTION FLUSH: delete every library.
 * @see https://redis.io/commands/function-flush
 */
export const functionFlush = defineClientCommand<() => "OK">({
  name: "FUNCTION FLUSH",
  encode: () => [],
  decode: asOk,
});
