import { asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * SCRIPT LOAD script: cache a script; its SHA-1.
 * @see https://redis.io/commands/script-load
 */
export const scriptLoad = defineClientCommand<(script: string) => string>({
  name: "SCRIPT LOAD",
  encode: (script) => [script],
  decode: asText,
});
