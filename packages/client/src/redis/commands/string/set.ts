import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { type ExpiryOptions, encodeExpiry } from "./expiry.ts";

/** Options of SET. */
export type SetOptions = ExpiryOptions & {
  /** Only set if the key does not exist (`NX`) or only if it does (`XX`). */
  readonly condition?: "NX" | "XX";
  /** Return the old value instead of `OK` (`GET`). */
  readonly get?: boolean;
  /** Keep the key's TTL (`KEEPTTL`). */
  readonly keepTtl?: boolean;
};

function encodeSetOptions(options: SetOptions | undefined): RedisArgument[] {
  if (options === undefined) {
    return [];
  }
  const argv: RedisArgument[] = [];
  if (options.condition !== undefined) {
    argv.push(options.condition);
  }
  if (options.get === true) {
    argv.push("GET");
  }
  argv.push(...encodeExpiry(options));
  if (options.keepTtl === true) {
    argv.push("KEEPTTL");
  }
  return argv;
}

/**
 * SET key value [NX | XX] [GET] [EX s | PX ms | EXAT t | PXAT t | KEEPTTL]: set a string; null when NX/XX prevented it, or the old value with GET.
 * @see https://redis.io/commands/set
 */
export const set = defineClientCommand<
  (key: RedisKey, value: RedisArgument, options?: SetOptions) => string | null
>({
  name: "SET",
  encode: (key, value, options) => [key, value, ...encodeSetOptions(options)],
  decode: asNullableText,
});
