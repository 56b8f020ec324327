import { defineClientCommand } from "../../define.ts";
import { asStreamReads, type StreamRead } from "./stream-entry.ts";

/**
 * XREADGROUP GROUP group consumer [COUNT count] [NOACK] STREAMS key [key ...] id [id ...]: read as a consumer (never BLOCK over REST).
 * @see https://redis.io/commands/xreadgroup
 */
export const xreadgroup = defineClientCommand<
  (
    group: { readonly group: string; readonly consumer: string },
    streams: Readonly<Record<string, string>>,
    options?: { readonly count?: number; readonly noAck?: boolean },
  ) => StreamRead[] | null
>({
  name: "XREADGROUP",
  encode: (group, streams, options) => [
    "GROUP",
    group.group,
    group.consumer,
    ...(options?.count === undefined ? [] : ["COUNT", options.count]),
    ...(options?.noAck === true ? ["NOACK"] : []),
    "STREAMS",
    ...Object.keys(streams),
    ...Object.values(streams),
  ],
  decode: asStreamReads,
});
