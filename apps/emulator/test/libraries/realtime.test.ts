/**
 * @upstash/realtime on both backends: events are XADDed to a stream per channel and PUBLISHed;
 * subscribers hear them through the SDK's server-sent-event subscription (`/subscribe`), with the
 * stream replayed as history. Also its route handler, the SSE endpoint a browser connects to.
 */
import { handle, Realtime, type RealtimeCursor } from "@upstash/realtime";
import { Redis } from "@upstash/redis";
import { test } from "vitest";
import * as z from "zod/v4";
import { describeBackends } from "./backends.ts";

const schema = {
  chat: { message: z.object({ text: z.string() }) },
};

/** Resolves with the first `count` items `onData` receives. */
function collector<T>(count: number): { onData: (item: T) => void; done: Promise<T[]> } {
  const items: T[] = [];
  let finish: (items: T[]) => void = () => {};
  const done = new Promise<T[]>((resolve) => {
    finish = resolve;
  });
  return {
    onData: (item) => {
      items.push(item);
      if (items.length === count) {
        finish(items);
      }
    },
    done,
  };
}

describeBackends("@upstash/realtime", (target) => {
  const realtimeOn = () =>
    new Realtime({
      schema,
      redis: new Redis({ url: target().url, token: target().token, enableTelemetry: false }),
      history: { maxLength: 100 },
    });

  test("emit, subscribe with history over SSE, and history()", async ({ expect }) => {
    const realtime = realtimeOn();
    const room = realtime.channel(`room-${target().backend}`);
    await room.emit("chat.message", { text: "before" });
    const received = collector<{ event: string; data: unknown; cursor: RealtimeCursor }>(2);
    const unsubscribe = await room.subscribe({
      events: ["chat.message"],
      history: true,
      onData: received.onData,
    });
    await room.emit("chat.message", { text: "after" });
    const items = await received.done;
    unsubscribe();
    expect(items.map((item) => [item.event, item.data])).toEqual([
      ["chat.message", { text: "before" }],
      ["chat.message", { text: "after" }],
    ]);
    const history = await room.history();
    expect(history.map((message) => message.data)).toEqual([{ text: "before" }, { text: "after" }]);
    // A cursor resumes after the message it names.
    const cursor = items[0]?.cursor;
    if (cursor === undefined) {
      throw new Error("no cursor");
    }
    const resumed = collector<{ data: unknown }>(1);
    const stop = await room.subscribe({
      events: ["chat.message"],
      after: cursor,
      onData: resumed.onData,
    });
    expect((await resumed.done).map((item) => item.data)).toEqual([{ text: "after" }]);
    stop();
  });

  test("the route handler streams a channel's events to a browser as SSE", async ({ expect }) => {
    const realtime = realtimeOn();
    const channel = `sse-${target().backend}`;
    const route = handle({ realtime });
    const abort = new AbortController();
    const response = await route(
      new Request(`http://app.test/api/realtime?channel=${channel}`, { signal: abort.signal }),
    );
    if (!(response instanceof Response)) {
      throw new Error("the handler answered nothing");
    }
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body?.getReader();
    if (reader === undefined) {
      throw new Error("no body");
    }
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string): Promise<void> => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) {
          throw new Error(`the stream ended before ${needle}: ${text}`);
        }
        text += decoder.decode(value, { stream: true });
      }
    };
    await readUntil("connected");
    await realtime.channel(channel).emit("chat.message", { text: "to the browser" });
    await readUntil("to the browser");
    expect(text).toContain('"event":"chat.message"');
    abort.abort();
    await reader.cancel();
  });
});
