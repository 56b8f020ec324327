import type { RedisKey } from "../../argv.ts";
import { asScanPage } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { encodeScanOptions, type ScanOptions } from "../generic/scan-options.ts";

/**
 * ZSCAN key cursor [MATCH pattern] [COUNT count]: one page of members and scores, flat.
 * @see https://redis.io/commands/zscan
 */
export const zscan = defineClientCommand<
  (
    key: RedisKey,
    cursor: string | number,
    options?: ScanOptions,
  ) => { cursor: string; items: string[] }
>({
  name: "ZSCAN",
  encode: (key, cursor, options) => [key, cursor, ...encodeScanOptions(options)],
  decode: asScanPage,
});
