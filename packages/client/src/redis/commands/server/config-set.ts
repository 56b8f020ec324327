import type { RedisArgument } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * CONFIG SET parameter value [parameter value ...]: change configuration.
 * @see https://redis.io/commands/config-set
 */
export const configSet = defineClientCommand<
  (parameters: Readonly<Record<string, RedisArgument>>) => "OK"
>({
  name: "CONFIG SET",
  encode: (parameters) => Object.entries(parameters).flat(),
  decode: asOk,
});
