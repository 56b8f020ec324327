import type { RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * PFMERGE destkey [sourcekey ...]: merge estimators.
 * @see https://redis.io/commands/pfmerge
 */
export const pfmerge = defineClientCommand<(destination: RedisKey, ...sources: RedisKey[]) => "OK">(
  {
    name: "PFMERGE",
    encode: (destination, ...sources) => [destination, ...sources],
    decode: asOk,
  },
);
