import type { RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/** One document write of JSON.MSET. */
export interface JsonEntry {
  readonly key: RedisKey;
  /** @default "$" */
  readonly path?: string;
  readonly value: unknown;
}

/**
 * JSON.MSET key path value [key path value ...]: set several JSON values.
 * @see https://redis.io/docs/latest/commands/json.mset
 */
export const jsonMset = defineClientCommand<(...entries: [JsonEntry, ...JsonEntry[]]) => "OK">({
  name: "JSON.MSET",
  encode: (...entries) =>
    entries.flatMap(({ key, path, value }) => [key, path ?? "$", JSON.stringify(value)]),
  decode: asOk,
});
