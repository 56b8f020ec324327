import type { RedisKey } from "../../argv.ts";
import { asNullableOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * JSON.SET key path value [NX | XX]: set a JSON value (serialised here); null when NX/XX prevented it.
 * @see https://redis.io/docs/latest/commands/json.set
 */
export const jsonSet = defineClientCommand<
  (
    key: RedisKey,
    value: unknown,
    options?: { readonly path?: string; readonly condition?: "NX" | "XX" },
  ) => "OK" | null
>({
  name: "JSON.SET",
  encode: (key, value, options) => [
    key,
    options?.path ?? "$",
    JSON.stringify(value),
    ...(options?.condition === undefined ? [] : [options.condition]),
  ],
  decode: asNullableOk,
});
