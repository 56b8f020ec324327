/** `subscribe()` and `monitor()` over server-sent events: items, abort, close and reconnect. */
import type { PubSubItem } from "@stratus/core/rest";
import { startEmulator, type TestEmulator } from "@stratus/testing";
import { afterAll, beforeAll, describe, test } from "vitest";
import { createKv, HttpError, type Kv } from "../src/index.ts";
import { startScriptedServer } from "./support-server.ts";

let emu: TestEmulator;
let kv: Kv;
beforeAll(async () => {
  emu = await startEmulator();
  kv = createKv({ url: emu.url, token: emu.token });
});
afterAll(async () => {
  await kv.close();
  await emu.stop();
});

/** The next `count` items of an iterator. */
async function take<TItem>(iterator: AsyncIterator<TItem>, count: number): Promise<TItem[]> {
  const items: TItem[] = [];
  for (let i = 0; i < count; i++) {
    const step = await iterator.next();
    if (step.done === true) {
      break;
    }
    items.push(step.value);
  }
  return items;
}

describe("subscribe", () => {
  test("yields the confirmation, then each message, commas and all", async ({ expect }) => {
    const subscription = kv.subscribe("chat,room");
    const iterator = subscription[Symbol.asyncIterator]();
    await subscription.ready();
    expect(await kv.publish("chat,room", "hello, world")).toBe(1);
    expect(await take(iterator, 2)).toEqual<PubSubItem[]>([
      { kind: "subscribe", channel: "chat,room", count: 1 },
      { kind: "message", channel: "chat,room", message: "hello, world" },
    ]);
    subscription.close();
    expect((await iterator.next()).done).toBe(true);
  });

  test("a payload with line breaks arrives whole and cannot forge a message (issue: SSE newlines)", async ({
    expect,
  }) => {
    const subscription = kv.subscribe("news");
    const iterator = subscription[Symbol.asyncIterator]();
    await subscription.ready();
    // When payloads carry lines that look like items on another channel
    await kv.publish("news", "hello\nmessage,admin,FORGED");
    await kv.publish("news", "x\ndata: message,admin,FORGED\n\n");
    await kv.publish("news", "a\r\nb\rc\0 d\n");
    // Then each is one message on `news`; CR and CRLF arrive as LF (SSE joins data lines with LF)
    expect(await take(iterator, 4)).toEqual<PubSubItem[]>([
      { kind: "subscribe", channel: "news", count: 1 },
      { kind: "message", channel: "news", message: "hello\nmessage,admin,FORGED" },
      { kind: "message", channel: "news", message: "x\ndata: message,admin,FORGED\n\n" },
      { kind: "message", channel: "news", message: "a\nb\nc\0 d\n" },
    ]);
    subscription.close();
  });

  test("a pattern subscription gets pmessage items", async ({ expect }) => {
    const subscription = kv.subscribe("user:*", { pattern: true });
    await subscription.ready();
    await kv.publish("user:42", "signed in");
    const items: PubSubItem[] = [];
    for await (const item of subscription) {
      items.push(item);
      if (items.length === 2) {
        break; // leaving the loop closes the connection
      }
    }
    expect(items[1]).toEqual({
      kind: "pmessage",
      pattern: "user:*",
      channel: "user:42",
      message: "signed in",
    });
  });

  test("channel names with / ? # % reach the server intact", async ({ expect }) => {
    const name = "a/b?c#d%e f";
    await using subscription = kv.subscribe(name);
    await subscription.ready();
    await kv.publish(name, "x");
    expect(await take(subscription[Symbol.asyncIterator](), 2)).toEqual([
      { kind: "subscribe", channel: name, count: 1 },
      { kind: "message", channel: name, message: "x" },
    ]);
  });

  test("aborting the signal ends the iteration and the server drops the subscriber", async ({
    expect,
  }) => {
    const controller = new AbortController();
    const subscription = kv.subscribe("aborted", { signal: controller.signal });
    const iterator = subscription[Symbol.asyncIterator]();
    await subscription.ready();
    expect(await kv.publish("aborted", "one")).toBe(1);
    controller.abort();
    const rest: PubSubItem[] = [];
    for (let step = await iterator.next(); step.done !== true; step = await iterator.next()) {
      rest.push(step.value);
    }
    expect(rest.length).toBeLessThanOrEqual(2);
    await expect.poll(() => kv.publish("aborted", "two")).toBe(0);
  });

  test("a refused subscription rejects ready() with the HTTP error", async ({ expect }) => {
    await using stranger = createKv({ url: emu.url, token: "wrong" });
    const subscription = stranger.subscribe("chan");
    await expect(subscription.ready()).rejects.toBeInstanceOf(HttpError);
  });

  test("with reconnect, a stream the server ends is opened again", async ({ expect }) => {
    // Given a server whose first stream ends after the confirmation
    await using server = await startScriptedServer((_request, response, index) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      if (index === 0) {
        response.end("data: subscribe,news,1\n");
      } else {
        response.write("data: subscribe,news,1\ndata: message,news,again\n");
      }
    });
    await using client = createKv({ url: server.url, token: "t" });
    const subscription = client.subscribe("news", { reconnect: { backoff: () => 0 } });
    // When the client reads past the end of the first stream
    const items = await take(subscription[Symbol.asyncIterator](), 3);
    subscription.close();
    // Then it reconnected and kept going
    expect(items.map((item) => item.kind)).toEqual(["subscribe", "subscribe", "message"]);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.accept).toBe("text/event-stream");
  });

  test("without reconnect, the iteration ends with the stream", async ({ expect }) => {
    await using server = await startScriptedServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end("data: subscribe,news,1\n\n");
    });
    await using client = createKv({ url: server.url, token: "t" });
    const items: PubSubItem[] = [];
    for await (const item of client.subscribe("news")) {
      items.push(item);
    }
    expect(items).toHaveLength(1);
  });
});

describe("monitor", () => {
  test("yields one Redis MONITOR line per command, without the OK", async ({ expect }) => {
    const monitor = kv.monitor();
    await monitor.ready();
    await kv.set("monitored", "v");
    const [line] = await take(monitor[Symbol.asyncIterator](), 1);
    monitor.close();
    expect(line).toMatch(/^\d+\.\d{6} \[0 0\.0\.0\.0:0\] "SET" "monitored" "v"$/);
  });

  test("the read-only token may not monitor", async ({ expect }) => {
    await using reader = createKv({ url: emu.url, token: emu.readOnlyToken });
    await expect(reader.monitor().ready()).rejects.toThrow(/NOPERM/);
  });
});
