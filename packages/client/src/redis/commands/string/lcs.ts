import type { RedisKey } from "../../argv.ts";
import { asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * LCS key1 key2: the longest common subsequence of two strings.
 * @see https://redis.io/commands/lcs
 */
export const lcs = defineClientCommand<(key1: RedisKey, key2: RedisKey) => string>({
  name: "LCS",
  encode: (key1, key2) => [key1, key2],
  decode: asText,
});
