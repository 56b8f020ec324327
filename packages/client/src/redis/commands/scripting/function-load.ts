import { asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * FUNCTION LOAD [REPLACE] code: load a library; its name.
 * @see https://redis.io/commands/function-load
 */
export const functionLoad = defineClientCommand<
  (code: string, options?: { readonly replace?: boolean }) => string
>({
  name: "FUNCTION LOAD",
  encode: (code, options) => (options?.replace === true ? ["REPLACE", code] : [code]),
  decode: asText,
});
