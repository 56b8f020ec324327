import type { RedisKey } from "../../argv.ts";
import { asScanPage } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { encodeScanOptions, type ScanOptions } from "../generic/scan-options.ts";

/**
 * SSCAN key cursor [MATCH pattern] [COUNT count]: one page of members.
 * @see https://redis.io/commands/sscan
 */
export const sscan = defineClientCommand<
  (
    key: RedisKey,
    cursor: string | number,
    options?: ScanOptions,
  ) => { cursor: string; items: string[] }
>({
  name: "SSCAN",
  encode: (key, cursor, options) => [key, cursor, ...encodeScanOptions(options)],
  decode: asScanPage,
});
