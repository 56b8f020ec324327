import type { RedisKey } from "../../argv.ts";
import { asBoolean } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * COPY source destination [REPLACE]: copy a key.
 * @see https://redis.io/commands/copy
 */
export const copy = defineClientCommand<
  (source: RedisKey, destination: RedisKey, options?: { readonly replace?: boolean }) => boolean
>({
  name: "COPY",
  encode: (source, destination, options) => [
    source,
    destination,
    ...(options?.replace === true ? ["REPLACE"] : []),
  ],
  decode: asBoolean,
});
