import { asTextArray } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * KEYS pattern: every key matching a glob pattern.
 * @see https://redis.io/commands/keys
 */
export const keys = defineClientCommand<(pattern: string) => string[]>({
  name: "KEYS",
  encode: (pattern) => [pattern],
  decode: asTextArray,
});
