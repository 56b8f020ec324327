/**
 * `subscribe(channel)` and `subscribe(pattern, { pattern: true })`: pub/sub over server-sent events
 * (kv-rest-wire.md §11.1). Each subscription is its own connection; closing it is how the server
 * learns to drop the subscription (the SDK never sends UNSUBSCRIBE either).
 */
import { type PubSubItem, parsePubSubItem } from "@stratus/core/rest";
import {
  type EventStream,
  openSseStream,
  type SseSource,
  type StreamOptions,
} from "./sse-stream.ts";

/** Options of `subscribe`. */
export interface SubscribeOptions extends StreamOptions {
  /** Subscribe to a glob pattern (`/psubscribe`) instead of one channel. @default false */
  readonly pattern?: boolean;
}

/**
 * The path of a subscription: the server joins the segments after `subscribe` with `/` (§2.4), so
 * each `/`-separated part is percent-encoded on its own and `?`, `#` and `%` survive.
 */
export function subscriptionPath(name: string, isPattern: boolean): string {
  const encoded = name.split("/").map(encodeURIComponent).join("/");
  return `/${isPattern ? "psubscribe" : "subscribe"}/${encoded}`;
}

/**
 * Maps a stream's `data` items to pub/sub items with core's parser, which knows the subscribed
 * name, so a name containing commas is split exactly (§11.1).
 */
export function toPubSubItems(
  source: SseSource,
  name: string,
  options: StreamOptions,
): EventStream<PubSubItem> {
  const stream = openSseStream(source, options);
  async function* items(): AsyncGenerator<PubSubItem> {
    for await (const data of stream) {
      const item = parsePubSubItem(data, { subscription: name });
      if (item !== undefined) {
        yield item;
      }
    }
  }
  const iterator = items();
  return {
    [Symbol.asyncIterator]: () => iterator,
    ready: () => stream.ready(),
    close: () => stream.close(),
    [Symbol.asyncDispose]: async () => stream.close(),
  };
}
