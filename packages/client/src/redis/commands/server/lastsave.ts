import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LASTSAVE: Unix time of the last save.
 * @see https://redis.io/commands/lastsave
 */
export const lastsave = defineClientCommand<() => number>({
  name: "LASTSAVE",
  encode: () => [],
  decode: asInteger,
});
