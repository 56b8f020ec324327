import type { RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.MERGE key path value: merge a JSON value (RFC 7396).
 * @see https://redis.io/docs/latest/commands/json.merge
 */
export const jsonMerge = defineClientCommand<(key: RedisKey, path: string, value: unknown) => "OK">(
  {
    name: "JSON.MERGE",
    encode: (key, path, value) => [key, path, JSON.stringify(value)],
    decode: asOk,
  },
);
