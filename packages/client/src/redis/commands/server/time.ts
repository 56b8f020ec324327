import { asArrayOf, asFloat } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * TIME: the server time as `[seconds, microseconds]`.
 * @see https://redis.io/commands/time
 */
export const time = defineClientCommand<() => [seconds: number, microseconds: number]>({
  name: "TIME",
  encode: () => [],
  decode: (value) => {
    const [seconds, microseconds] = asArrayOf(asFloat)(value);
    return [seconds ?? 0, microseconds ?? 0];
  },
});
