import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * FLUSHDB [ASYNC | SYNC]: delete every key of the database.
 * @see https://redis.io/commands/flushdb
 */
export const flushdb = defineClientCommand<() => "OK">({
  name: "FLUSHDB",
  encode: () => [],
  decode: asOk,
});
