import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * FUNCTION RESTORE serialized-value [FLUSH | APPEND | REPLACE]: load libraries from FUNCTION DUMP bytes.
 * @see https://redis.io/commands/function-restore
 */
export const functionRestore = defineClientCommand<
  (serialized: Uint8Array, policy?: "FLUSH" | "APPEND" | "REPLACE") => "OK"
>({
  name: "FUNCTION RESTORE",
  encode: (serialized, policy) => (policy === undefined ? [serialized] : [serialized, policy]),
  decode: asOk,
});
