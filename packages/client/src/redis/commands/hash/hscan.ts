import type { RedisKey } from "../../argv.ts";
import { asScanPage } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { encodeScanOptions, type ScanOptions } from "../generic/scan-options.ts";

/**
 * HSCAN key cursor [MATCH pattern] [COUNT count]: one page of fields and values, flat.
 * @see https://redis.io/commands/hscan
 */
export const hscan = defineClientCommand<
  (
    key: RedisKey,
    cursor: string | number,
    options?: ScanOptions,
  ) => { cursor: string; items: string[] }
>({
  name: "HSCAN",
  encode: (key, cursor, options) => [key, cursor, ...encodeScanOptions(options)],
  decode: asScanPage,
});
