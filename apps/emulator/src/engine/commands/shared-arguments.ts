/** Argument readers that several command groups share, with Redis's error texts. */
import { ERR, ReplyError } from "../errors.ts";
import { parseIntegerArg } from "../numbers.ts";
import type { Args } from "./args.ts";

/**
 * Key positions of a numkeys command (LMPOP, BLMPOP, ZUNION, …) for COMMAND GETKEYS: `numkeys`
 * at `index`, then that many keys. Invalid counts give no keys, as Redis's getkeys do.
 */
export function numkeysPositions(argv: readonly string[], index: number): number[] {
  const count = parseIntegerArg(argv[index] ?? "");
  // genericGetKeys: none when the count is not positive or more keys are named than given.
  if (typeof count !== "number" || count < 1 || count > argv.length - index - 1) {
    return [];
  }
  const positions: number[] = [];
  for (let position = index + 1; position <= index + count; position++) {
    positions.push(position);
  }
  return positions;
}

/**
 * `getRangeLongFromObjectOrReply(…, 1, LONG_MAX, …, msg)`: a positive 64-bit integer, where both
 * a non-integer and a value below 1 answer `error`.
 */
export function positiveInteger(args: Args, error: string): number {
  const value = parseIntegerArg(args.string());
  if (value === undefined || value < 1) {
    throw new ReplyError(error);
  }
  return Number(value);
}

/** An integer argument (64-bit), else `value is not an integer or out of range`. */
export function integerOf(text: string): number | bigint {
  const value = parseIntegerArg(text);
  if (value === undefined) {
    throw new ReplyError(ERR.NOT_INTEGER);
  }
  return value;
}
