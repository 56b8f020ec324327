import { asScanPage } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";
import { encodeScanOptions, type ScanOptions } from "./scan-options.ts";

/**
 * SCAN cursor [MATCH pattern] [COUNT count] [TYPE type]: one page of keys.
 * @see https://redis.io/commands/scan
 */
export const scan = defineClientCommand<
  (
    cursor: string | number,
    options?: ScanOptions & { readonly type?: string },
  ) => { cursor: string; items: string[] }
>({
  name: "SCAN",
  encode: (cursor, options) => [
    cursor,
    ...encodeScanOptions(options),
    ...(options?.type === undefined ? [] : ["TYPE", options.type]),
  ],
  decode: asScanPage,
});
