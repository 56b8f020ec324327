import type { RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * MOVE key db: move a key to another database.
 * @see https://redis.io/commands/move
 */
export const move = defineClientCommand<(key: RedisKey, db: number) => boolean>({
  name: "MOVE",
  encode: (key, db) => [key, db],
  decode: asBoolean,
});
