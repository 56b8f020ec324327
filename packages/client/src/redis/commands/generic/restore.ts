import type { RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * RESTORE key ttl serialized-value [REPLACE]: recreate a key from DUMP bytes.
 * @see https://redis.io/commands/restore
 */
export const restore = defineClientCommand<
  (
    key: RedisKey,
    serialized: Uint8Array,
    options?: { readonly ttlMs?: number; readonly replace?: boolean },
  ) => "OK"
>({
  name: "RESTORE",
  encode: (key, serialized, options) => [
    key,
    options?.ttlMs ?? 0,
    serialized,
    ...(options?.replace === true ? ["REPLACE"] : []),
  ],
  decode: asOk,
});
