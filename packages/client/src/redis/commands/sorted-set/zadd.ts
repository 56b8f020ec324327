import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/** Options of ZADD. */
export interface ZaddOptions {
  /** Only add new members (`NX`) or only update existing ones (`XX`). */
  readonly condition?: "NX" | "XX";
  /** Only update when the new score is greater (`GT`) or less (`LT`). */
  readonly comparison?: "GT" | "LT";
  /** Count changed members, not only added ones (`CH`). */
  readonly changed?: boolean;
}

function encodeZaddOptions(options: ZaddOptions | undefined): RedisArgument[] {
  const argv: RedisArgument[] = [];
  if (options?.condition !== undefined) {
    argv.push(options.condition);
  }
  if (options?.comparison !== undefined) {
    argv.push(options.comparison);
  }
  if (options?.changed === true) {
    argv.push("CH");
  }
  return argv;
}

/**
 * ZADD key [NX | XX] [GT | LT] [CH] score member [score member ...]: add or update members; how many were added (or changed, with CH).
 * @see https://redis.io/commands/zadd
 */
export const zadd = defineClientCommand<
  (
    key: RedisKey,
    members: readonly { readonly score: number; readonly member: RedisArgument }[],
    options?: ZaddOptions,
  ) => number
>({
  name: "ZADD",
  encode: (key, members, options) => [
    key,
    ...encodeZaddOptions(options),
    ...members.flatMap(({ score, member }) => [score, member]),
  ],
  decode: asInteger,
});
