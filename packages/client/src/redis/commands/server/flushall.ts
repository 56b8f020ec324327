import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * FLUSHALL [ASYNC | SYNC]: delete every key of every database.
 * @see https://redis.io/commands/flushall
 */
export const flushall = defineClientCommand<() => "OK">({
  name: "FLUSHALL",
  encode: () => [],
  decode: asOk,
});
