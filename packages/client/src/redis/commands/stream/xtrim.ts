import type { RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XTRIM key MAXLEN | MINID [= | ~] threshold: trim a stream; how many entries went.
 * @see https://redis.io/commands/xtrim
 */
export const xtrim = defineClientCommand<
  (
    key: RedisKey,
    trim: {
      readonly strategy: "MAXLEN" | "MINID";
      readonly threshold: number | string;
      readonly comparison?: "=" | "~";
    },
  ) => number
>({
  name: "XTRIM",
  encode: (key, { strategy, threshold, comparison }) => [
    key,
    strategy,
    comparison ?? "=",
    threshold,
  ],
  decode: asInteger,
});
