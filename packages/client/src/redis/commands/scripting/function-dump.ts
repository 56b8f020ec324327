import { asBytes } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * FUNCTION DUMP: every library serialised (bytes).
 * @see https://redis.io/commands/function-dump
 */
export const functionDump = defineClientCommand<() => Uint8Array>({
  name: "FUNCTION DUMP",
  encode: () => [],
  decode: asBytes,
});
