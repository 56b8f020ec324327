import { asTextRecord } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * CONFIG GET parameter [parameter ...]: configuration values as a record.
 * @see https://redis.io/commands/config-get
 */
export const configGet = defineClientCommand<
  (...parameters: [string, ...string[]]) => Record<string, string>
>({
  name: "CONFIG GET",
  encode: (...parameters) => parameters,
  decode: asTextRecord,
});
