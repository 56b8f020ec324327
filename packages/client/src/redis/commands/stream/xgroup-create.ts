import type { RedisKey } from "../../argv.ts";
import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * XGROUP CREATE key group id | $ [MKSTREAM]: create a consumer group.
 * @see https://redis.io/commands/xgroup-create
 */
export const xgroupCreate = defineClientCommand<
  (
    key: RedisKey,
    group: string,
    options?: { readonly id?: string; readonly mkStream?: boolean },
  ) => "OK"
>({
  name: "XGROUP CREATE",
  encode: (key, group, options) => [
    key,
    group,
    options?.id ?? "$",
    ...(options?.mkStream === true ? ["MKSTREAM"] : []),
  ],
  decode: asOk,
});
