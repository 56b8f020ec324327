import { defineClientCommand } from "../../define.ts";
import { asStreamReads, type StreamRead } from "./stream-entry.ts";

/**
 * XREAD [COUNT count] STREAMS key [key ...] id [id ...]: read entries after ids (never BLOCK over REST).
 * @see https://redis.io/commands/xread
 */
export const xread = defineClientCommand<
  (
    streams: Readonly<Record<string, string>>,
    options?: { readonly count?: number },
  ) => StreamRead[] | null
>({
  name: "XREAD",
  encode: (streams, options) => [
    ...(options?.count === undefined ? [] : ["COUNT", options.count]),
    "STREAMS",
    ...Object.keys(streams),
    ...Object.values(streams),
  ],
  decode: asStreamReads,
});
