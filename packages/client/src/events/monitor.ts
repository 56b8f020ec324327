/**
 * `monitor()`: every command the database runs, as Redis `MONITOR` lines over server-sent events
 * (kv-rest-wire.md §11.3). The stream's first item, `"OK"`, is the confirmation and is not yielded.
 */
import { MONITOR_OK_ITEM } from "@stratus/core/rest";
import {
  type EventStream,
  openSseStream,
  type SseSource,
  type StreamOptions,
} from "./sse-stream.ts";

/** The monitor path. */
export const MONITOR_PATH = "/monitor";

/** Yields each monitor line, e.g. `1721284005.242090 [0 0.0.0.0:0] "GET" "k"`. */
export function toMonitorLines(source: SseSource, options: StreamOptions): EventStream<string> {
  const stream = openSseStream(source, options);
  async function* lines(): AsyncGenerator<string> {
    for await (const data of stream) {
      // Each (re)connection starts with the confirmation.
      if (data !== MONITOR_OK_ITEM) {
        yield data;
      }
    }
  }
  const iterator = lines();
  return {
    [Symbol.asyncIterator]: () => iterator,
    ready: () => stream.ready(),
    close: () => stream.close(),
    [Symbol.asyncDispose]: async () => stream.close(),
  };
}
