import type { RestValue } from "@stratus/core/rest";
import type { RedisKey } from "../../argv.ts";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XINFO STREAM key: stream details, raw (flat field/value pairs).
 * @see https://redis.io/commands/xinfo-stream
 */
export const xinfoStream = defineClientCommand<(key: RedisKey) => RestValue>({
  name: "XINFO STREAM",
  encode: (key) => [key],
  decode: asRaw,
});
