/**
 * Server-sent event streams (kv-rest-wire.md §2.4, §11; interfaces.md "Events"): subscribe,
 * psubscribe and monitor framing, per-event flushing, and unsubscribing when the client goes away.
 */
import { createSseParser } from "@stratus/core/sse";
import { afterEach, describe, test, vi } from "vitest";
import { ManualClock } from "../../src/engine/index.ts";
import {
  call,
  channelSubscribers,
  describeTransports,
  openSse,
  patternCount,
  publish,
  READ_ONLY_TOKEN,
  startEmulator,
  type TestEmulator,
} from "./fixtures/transports.ts";

/** Waits until the server has dropped the subscriptions of closed streams. */
async function expectSubscribers(
  server: TestEmulator,
  expected: { channel?: [string, number]; patterns?: number },
): Promise<void> {
  // A socket close reaches the server a few event-loop turns later; in-process it is synchronous.
  await vi.waitFor(
    async () => {
      if (expected.channel !== undefined) {
        const [channel, count] = expected.channel;
        if ((await channelSubscribers(server, channel)) !== count) {
          throw new Error(`${channel} does not have ${count} subscribers yet`);
        }
      }
      if (expected.patterns !== undefined && (await patternCount(server)) !== expected.patterns) {
        throw new Error(`there are not ${expected.patterns} patterns yet`);
      }
    },
    { timeout: 5_000, interval: 2 },
  );
}

describeTransports("subscribe (§11.1)", (kind) => {
  test("answers an event stream that starts with subscribe,<channel>,1", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using stream = await openSse(server, "/subscribe/chat");
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("text/event-stream");
    expect(stream.headers.get("cache-control")).toBe("no-cache");
    // The confirmation is flushed on its own, before any message exists
    expect(await stream.nextChunk()).toBe("data: subscribe,chat,1\n\n");
  });

  test("delivers each message as its own flushed event, never base64", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using stream = await openSse(server, "/subscribe/chat", {
      headers: { "upstash-encoding": "base64" },
    });
    await stream.nextEvent();
    // When messages are published one at a time
    expect(await publish(server, "chat", "hello")).toBe(1);
    expect(await stream.nextChunk()).toBe("data: message,chat,hello\n\n");
    await publish(server, "chat", "how are you today?");
    expect(await stream.nextChunk()).toBe("data: message,chat,how are you today?\n\n");
    // Commas stay in the payload, UTF-8 is sent as text, JSON unquoted
    await publish(server, "chat", 'a,b,{"x":"é"}');
    expect(await stream.nextEvent()).toBe('data: message,chat,a,b,{"x":"é"}\n\n');
  });

  test("a newline in a payload becomes several data lines of one event", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using stream = await openSse(server, "/subscribe/chat");
    await stream.nextEvent();
    await publish(server, "chat", "line 1\nline 2");
    expect(await stream.nextEvent()).toBe("data: message,chat,line 1\ndata:line 2\n\n");
  });

  test("a payload cannot forge a message on another channel (issue: SSE newlines)", async ({
    expect,
  }) => {
    await using server = await startEmulator(kind);
    await using stream = await openSse(server, "/subscribe/news");
    await stream.nextEvent();
    // When a publisher hides items of another channel behind line breaks
    await publish(server, "news", "hello\nmessage,admin,FORGED");
    await publish(server, "news", "x\r\ndata: message,admin,FORGED\r message,admin,FORGED");
    const events = [await stream.nextEvent(), await stream.nextEvent()].join("");
    // Then the lines after the first go without the `data: ` the SDK looks for
    expect(events).toBe(
      "data: message,news,hello\ndata:message,admin,FORGED\n\n" +
        "data: message,news,x\ndata:data: message,admin,FORGED\ndata:  message,admin,FORGED\n\n",
    );
    // And an SSE reader gets each payload as one event on `news` (CR and CRLF read as LF)
    const parser = createSseParser();
    expect(parser.push(events).map((event) => event.data)).toEqual([
      "message,news,hello\nmessage,admin,FORGED",
      "message,news,x\ndata: message,admin,FORGED\n message,admin,FORGED",
    ]);
    // And the SDK's reader (a `data: ` line is an item) reads only the first line of each
    const sdkItems = events
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => line.slice("data: ".length));
    expect(sdkItems).toEqual([
      "message,news,hello",
      "message,news,x",
      " message,admin,FORGED", // its kind " message" has no SDK listener
    ]);
  });

  test("joins decoded path segments into one channel name and ignores the query", async ({
    expect,
  }) => {
    await using server = await startEmulator(kind);
    await using stream = await openSse(server, "/subscribe/a%20b/c%2C1?x=1&_token=ignored");
    expect(await stream.nextEvent()).toBe("data: subscribe,a b/c,1,1\n\n");
    await publish(server, "a b/c,1", "m");
    expect(await stream.nextEvent()).toBe("data: message,a b/c,1,m\n\n");
  });

  test("each stream counts its own subscription: two subscribers both get 1", async ({
    expect,
  }) => {
    await using server = await startEmulator(kind);
    await using first = await openSse(server, "/subscribe/chat");
    await using second = await openSse(server, "/subscribe/chat");
    expect(await first.nextEvent()).toBe("data: subscribe,chat,1\n\n");
    expect(await second.nextEvent()).toBe("data: subscribe,chat,1\n\n");
    expect(await publish(server, "chat", "both")).toBe(2);
    expect(await first.nextEvent()).toBe("data: message,chat,both\n\n");
    expect(await second.nextEvent()).toBe("data: message,chat,both\n\n");
  });

  test("a closed connection unsubscribes at once", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const stream = await openSse(server, "/subscribe/chat");
    await stream.nextEvent();
    expect(await channelSubscribers(server, "chat")).toBe(1);
    // When the client aborts, as the SDK does to unsubscribe
    stream.close();
    // Then the subscription is gone and PUBLISH counts no receiver
    await expectSubscribers(server, { channel: ["chat", 0] });
    expect(await publish(server, "chat", "nobody")).toBe(0);
  });

  test("cancelling the body unsubscribes too", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const stream = await openSse(server, "/subscribe/chat");
    await stream.nextEvent();
    await stream[Symbol.asyncDispose]();
    await expectSubscribers(server, { channel: ["chat", 0] });
    expect(await publish(server, "chat", "nobody")).toBe(0);
  });

  test("HEAD answers the stream's headers without subscribing", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/subscribe/chat", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.bytes.byteLength).toBe(0);
    expect(await channelSubscribers(server, "chat")).toBe(0);
  });

  test("the SDK's [] body and GET both work", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using post = await openSse(server, "/subscribe/x");
    await using get = await openSse(server, "/subscribe/y", { method: "GET" });
    expect(await post.nextEvent()).toBe("data: subscribe,x,1\n\n");
    expect(await get.nextEvent()).toBe("data: subscribe,y,1\n\n");
  });
});

describeTransports("psubscribe (§11.1)", (kind) => {
  test("streams pmessage,<pattern>,<channel>,<payload> for matching channels", async ({
    expect,
  }) => {
    await using server = await startEmulator(kind);
    await using stream = await openSse(server, "/psubscribe/user:*");
    expect(await stream.nextChunk()).toBe("data: psubscribe,user:*,1\n\n");
    // A channel that does not match is not delivered
    expect(await publish(server, "order:1", "no")).toBe(0);
    expect(await publish(server, "user:1", '{"a":1}')).toBe(1);
    expect(await stream.nextEvent()).toBe('data: pmessage,user:*,user:1,{"a":1}\n\n');
  });

  test("Redis glob rules: chat:*:messages", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using stream = await openSse(server, "/psubscribe/chat:*:messages");
    await stream.nextEvent();
    await publish(server, "chat:1:other", "no");
    await publish(server, "chat:42:messages", "yes");
    expect(await stream.nextEvent()).toBe(
      "data: pmessage,chat:*:messages,chat:42:messages,yes\n\n",
    );
  });

  test("a closed connection drops the pattern at once", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const stream = await openSse(server, "/psubscribe/user:*");
    await stream.nextEvent();
    expect(await patternCount(server)).toBe(1);
    stream.close();
    await expectSubscribers(server, { patterns: 0 });
    expect(await publish(server, "user:1", "nobody")).toBe(0);
  });
});

describeTransports("monitor (§11.3)", (kind) => {
  test('sends "OK" first, then one Redis MONITOR line per command', async ({ expect }) => {
    const clock = new ManualClock(1_721_284_005_242);
    await using server = await startEmulator(kind, { clock });
    await using stream = await openSse(server, "/monitor");
    expect(stream.headers.get("content-type")).toBe("text/event-stream");
    expect(await stream.nextChunk()).toBe('data: "OK"\n\n');
    // When commands run over REST
    await call(server, "/set/k/v");
    clock.advance(3_421);
    await call(server, "/pipeline", {
      body: [
        ["GET", "k"],
        ["SET", "q", 'a "quote"\n\u00ff'],
      ],
    });
    // Then each shows with microsecond time, the service's REST address and quoted arguments
    expect(await stream.nextEvent()).toBe(
      'data: 1721284005.242000 [0 0.0.0.0:0] "set" "k" "v"\n\n',
    );
    expect(await stream.nextEvent()).toBe('data: 1721284008.663000 [0 0.0.0.0:0] "GET" "k"\n\n');
    expect(await stream.nextEvent()).toBe(
      'data: 1721284008.663000 [0 0.0.0.0:0] "SET" "q" "a \\"quote\\"\\n\\xc3\\xbf"\n\n',
    );
  });

  test("the read-only token may not monitor (MONITOR is @dangerous)", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/monitor", {
      method: "POST",
      token: READ_ONLY_TOKEN,
      headers: { accept: "text/event-stream" },
    });
    expect([response.status, response.json()]).toEqual([
      400,
      {
        error: "NOPERM this user has no permissions to run the 'monitor' command or its subcommand",
      },
    ]);
  });

  test("the read-only token may subscribe", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using stream = await openSse(server, "/subscribe/news", { token: READ_ONLY_TOKEN });
    expect(await stream.nextEvent()).toBe("data: subscribe,news,1\n\n");
  });

  test("HEAD answers the stream's headers without monitoring", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/monitor", { method: "HEAD" });
    expect([response.status, response.bytes.byteLength]).toEqual([200, 0]);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
  });
});

describe("keep-alive comments (§11.1 emulator choice)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("an idle stream gets a `: ping` comment every 15 s", async ({ expect }) => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await using server = await startEmulator("in-process");
    await using stream = await openSse(server, "/subscribe/quiet");
    expect(await stream.nextChunk()).toBe("data: subscribe,quiet,1\n\n");
    // When 15 s pass without a message
    const next = stream.nextChunk();
    await vi.advanceTimersByTimeAsync(15_000);
    // Then a comment, which the SDK ignores, keeps proxies from closing the stream
    expect(await next).toBe(": ping\n\n");
    await publish(server, "quiet", "hi");
    expect(await stream.nextChunk()).toBe("data: message,quiet,hi\n\n");
  });
});
