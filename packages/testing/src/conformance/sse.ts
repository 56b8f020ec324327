/**
 * Reading a server-sent event stream in a check: opens the stream, hands out `data:` items one by
 * one (the SDK's reading, kv-rest-wire.md §11.1) and keeps the raw text so framing can be checked.
 */
import { createSseParser } from "@stratus/core/sse";
import type { FetchFunction } from "../rest.ts";
import { CheckFailure } from "./errors.ts";

export interface SseStream {
  readonly status: number;
  readonly headers: Headers;
  /** The raw text received so far. */
  readonly raw: () => string;
  /** The next `data:` item; fails the check when the stream ends or the signal fires first. */
  next(what: string): Promise<string>;
  /** Reads items until one satisfies `match`; fails if the stream ends first. */
  find(what: string, match: (item: string) => boolean): Promise<string>;
  close(): void;
}

export async function openSse(
  base: { readonly url: string; readonly fetch: FetchFunction; readonly signal: AbortSignal },
  call: { readonly path: string; readonly token: string },
): Promise<SseStream> {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(base.signal.reason);
  base.signal.addEventListener("abort", onAbort, { once: true });
  const response = await base.fetch(`${base.url.replace(/\/$/, "")}${call.path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${call.token}`,
      accept: "text/event-stream",
      "cache-control": "no-cache",
    },
    signal: controller.signal,
  });
  const reader = response.body?.getReader();
  const parser = createSseParser({ dispatch: "data-line" });
  const decoder = new TextDecoder();
  const queue: string[] = [];
  let raw = "";
  let ended = false;
  const pull = async (what: string): Promise<void> => {
    if (reader === undefined || ended) {
      throw new CheckFailure(`${what}: the stream ended`);
    }
    try {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      raw += decoder.decode(value, { stream: true });
      queue.push(...parser.push(value).map((event) => event.data));
    } catch (error: unknown) {
      ended = true;
      throw new CheckFailure(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const next = async (what: string): Promise<string> => {
    while (queue.length === 0) {
      await pull(what);
    }
    return queue.shift() as string;
  };
  return {
    status: response.status,
    headers: response.headers,
    raw: () => raw,
    next,
    find: async (what, match) => {
      for (;;) {
        const item = await next(what);
        if (match(item)) {
          return item;
        }
      }
    },
    close: () => {
      base.signal.removeEventListener("abort", onAbort);
      controller.abort();
      reader?.cancel().catch(() => undefined);
    },
  };
}
