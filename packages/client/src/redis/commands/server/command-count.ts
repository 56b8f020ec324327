import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * COMMAND COUNT: how many commands the server knows.
 * @see https://redis.io/commands/command-count
 */
export const commandCount = defineClientCommand<() => number>({
  name: "COMMAND COUNT",
  encode: () => [],
  decode: asInteger,
});
