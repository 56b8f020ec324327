/**
 * The real `@upstash/redis` SDK as a client of the emulator (kv-rest-wire.md §15): auto-pipelining,
 * explicit pipelines and transactions, both response encodings, pub/sub, read-your-writes and
 * error mapping. The SDK calls the global `fetch` and takes no custom one, so for the in-process
 * run the global is routed: requests to a made-up origin go to `emulator.fetch`, others pass.
 */
import { errors, Redis } from "@upstash/redis";
import { test, vi } from "vitest";
import {
  call,
  channelSubscribers,
  describeTransports,
  patternCount,
  publish,
  READ_ONLY_TOKEN,
  startEmulator,
  type TestEmulator,
  TOKEN,
} from "./fixtures/transports.ts";

/** One request the SDK sent and the sync token it got back. */
interface Exchange {
  readonly path: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly status: number;
  readonly syncToken: string | null;
}

interface SdkTarget extends AsyncDisposable {
  /** The base URL to give the SDK. */
  readonly url: string;
  readonly exchanges: Exchange[];
}

const IN_PROCESS_ORIGIN = "http://stratus-in-process.test";

/** Routes (in-process) and records the SDK's `fetch` calls until disposed. */
function sdkTarget(server: TestEmulator): SdkTarget {
  const original = globalThis.fetch;
  const url = server.kind === "in-process" ? IN_PROCESS_ORIGIN : server.url;
  const exchanges: Exchange[] = [];
  const routed: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(url)) {
      return original(input, init);
    }
    const body = await request.clone().text();
    const response = await (server.kind === "in-process" ? server.fetch : original)(request);
    exchanges.push({
      path: new URL(request.url).pathname,
      body,
      headers: Object.fromEntries(request.headers),
      status: response.status,
      syncToken: response.headers.get("upstash-sync-token"),
    });
    return response;
  };
  globalThis.fetch = routed;
  return {
    url,
    exchanges,
    async [Symbol.asyncDispose]() {
      globalThis.fetch = original;
    },
  };
}

/** Rejects with the SDK's error, so its message can be compared. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error: unknown) {
    if (error instanceof Error) {
      return error;
    }
    throw error;
  }
  throw new Error("expected the call to fail");
}

describeTransports("@upstash/redis", (kind) => {
  test("single commands go through the default auto-pipeline", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const redis = new Redis({ url: target.url, token: TOKEN });
    // When commands are awaited together
    const [set, value, missing, pong] = await Promise.all([
      redis.set("greeting", "hello"),
      redis.get<string>("greeting"),
      redis.get("missing"),
      redis.ping(),
    ]);
    // Then they arrive batched at /pipeline, reads and writes apart (§15.1)
    expect([set, value, missing, pong]).toEqual(["OK", "hello", null, "PONG"]);
    expect(target.exchanges.map((exchange) => exchange.path)).toEqual(["/pipeline", "/pipeline"]);
    expect(target.exchanges[0]?.headers["upstash-encoding"]).toBe("base64");
  });

  test("values round-trip through the SDK's JSON (de)serialisation", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const redis = new Redis({ url: target.url, token: TOKEN });
    await redis.set("number", 42);
    await redis.set("float", 1.5);
    await redis.set("object", { a: 1, list: ["x", "é"] });
    await redis.set("text", "héllo wörld 🚀, with commas");
    await redis.set("ok", "OK");
    expect(await redis.get("number")).toBe(42);
    expect(await redis.get("float")).toBe(1.5);
    expect(await redis.get("object")).toEqual({ a: 1, list: ["x", "é"] });
    expect(await redis.get("text")).toBe("héllo wörld 🚀, with commas");
    expect(await redis.get("ok")).toBe("OK");
    expect(await redis.del("number", "float", "nope")).toBe(2);
  });

  test("invalid UTF-8 reaches the SDK as U+FFFD, both encodings", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    await call(server, "/set/binary/ab%FF");
    const encoded = new Redis({ url: target.url, token: TOKEN });
    const plain = new Redis({ url: target.url, token: TOKEN, responseEncoding: false });
    expect(await encoded.get("binary")).toBe("ab\uFFFD");
    expect(await plain.get("binary")).toBe("ab\uFFFD");
  });

  test("responseEncoding: false sends no encoding header and reads plain JSON", async ({
    expect,
  }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const redis = new Redis({ url: target.url, token: TOKEN, responseEncoding: false });
    expect(await redis.set("k", "välue")).toBe("OK");
    expect(await redis.get("k")).toBe("välue");
    expect(await redis.ping()).toBe("PONG");
    expect(target.exchanges.every((exchange) => !("upstash-encoding" in exchange.headers))).toBe(
      true,
    );
  });

  test("without auto-pipelining every command posts to /", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const redis = new Redis({ url: target.url, token: TOKEN, enableAutoPipelining: false });
    expect(await redis.set("k", "v")).toBe("OK");
    expect(await redis.get("k")).toBe("v");
    expect(target.exchanges.map((exchange) => [exchange.path, exchange.body])).toEqual([
      ["/", '["set","k","v"]'],
      ["/", '["get","k"]'],
    ]);
  });

  test("an explicit pipeline posts to /pipeline", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const redis = new Redis({ url: target.url, token: TOKEN });
    const pipeline = redis.pipeline();
    pipeline.set("a", 1);
    pipeline.get("a");
    pipeline.ping();
    pipeline.del("a");
    expect(await pipeline.exec()).toEqual(["OK", 1, "PONG", 1]);
    expect(target.exchanges.map((exchange) => exchange.path)).toEqual(["/pipeline"]);
  });

  test("multi posts to /multi-exec", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const redis = new Redis({ url: target.url, token: TOKEN });
    const transaction = redis.multi();
    transaction.set("a", "x");
    transaction.get("a");
    expect(await transaction.exec()).toEqual(["OK", "x"]);
    expect(target.exchanges.map((exchange) => exchange.path)).toEqual(["/multi-exec"]);
  });

  test("error mapping: UpstashError messages (§8, §15)", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const auto = new Redis({ url: target.url, token: TOKEN });
    const direct = new Redis({ url: target.url, token: TOKEN, enableAutoPipelining: false });
    const invalidExpiry = "ERR invalid expire time in 'set' command";

    // A 400 for a single command carries the request body
    const single = await failure(direct.set("k", "v", { ex: 0 }));
    expect(single).toBeInstanceOf(errors.UpstashError);
    expect(single.message).toBe(`${invalidExpiry}, command was: ["set","k","v","ex",0]`);
    // An auto-pipelined entry rejects only its caller
    const [failed, fine] = await Promise.allSettled([
      auto.set("k", "v", { ex: 0 }),
      auto.set("k", "w"),
    ]);
    expect(failed).toMatchObject({
      status: "rejected",
      reason: { message: `Command failed: ${invalidExpiry}` },
    });
    expect(fine).toEqual({ status: "fulfilled", value: "OK" });
    // An explicit pipeline names the failed command
    const pipeline = auto.pipeline();
    pipeline.get("k");
    pipeline.set("k", "v", { ex: 0 });
    expect((await failure(pipeline.exec())).message).toBe(
      `Command 2 [ set ] failed: ${invalidExpiry}`,
    );
    // A discarded transaction is a 400 with one error
    const unknown = await failure(direct.exec(["NOPE", "x"]));
    expect(unknown.message).toBe(
      `ERR unknown command 'NOPE', with args beginning with: 'x' , command was: ["NOPE","x"]`,
    );
  });

  test("a wrong token is a WRONGPASS UpstashError", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const redis = new Redis({ url: target.url, token: "wrong", enableAutoPipelining: false });
    const error = await failure(redis.get("k"));
    expect(error).toBeInstanceOf(errors.UpstashError);
    expect(error.message).toBe('WRONGPASS invalid or missing auth token, command was: ["get","k"]');
  });

  test("the read-only token reads and gets NOPERM for writes", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const writer = new Redis({ url: target.url, token: TOKEN });
    const reader = new Redis({ url: target.url, token: READ_ONLY_TOKEN });
    await writer.set("k", "v");
    expect(await reader.get("k")).toBe("v");
    const error = await failure(reader.set("k", "w"));
    expect(error.message).toBe(
      "Command failed: NOPERM this user has no permissions to run the 'set' command or its subcommand",
    );
  });

  test("read-your-writes: each request sends the token of the previous response", async ({
    expect,
  }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const redis = new Redis({ url: target.url, token: TOKEN });
    await redis.set("a", "1");
    await redis.set("b", "2");
    await redis.get("a");
    const pipeline = redis.pipeline();
    pipeline.set("c", "3");
    pipeline.get("c");
    await pipeline.exec();
    const { exchanges } = target;
    expect(exchanges).toHaveLength(4);
    // 1.39.0 sends the stored token on the current request; the first one is empty (§10)
    expect(exchanges[0]?.headers["upstash-sync-token"]).toBe("");
    for (let i = 1; i < exchanges.length; i++) {
      expect(exchanges[i]?.headers["upstash-sync-token"]).toBe(exchanges[i - 1]?.syncToken);
    }
    expect(new Set(exchanges.map((exchange) => exchange.syncToken)).size).toBe(4);
  });

  test("subscribe: events and messages reach the SDK's listeners", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const redis = new Redis({ url: target.url, token: TOKEN });
    const events: unknown[] = [];
    // When the SDK subscribes
    const subscriber = redis.subscribe(["chat"]);
    subscriber.on("subscribe", (count) => events.push(["subscribe", count]));
    subscriber.on("message", (message) => events.push(["message", message]));
    subscriber.on("error", (error) => events.push(["error", error]));
    await vi.waitFor(() => expect(events).toEqual([["subscribe", 1]]), { interval: 2 });
    // And messages are published
    expect(await publish(server, "chat", "hello, world")).toBe(1);
    await publish(server, "chat", '{"from":"ana","text":"hi"}');
    // Then they arrive in order, JSON payloads parsed by the SDK
    await vi.waitFor(() => expect(events).toHaveLength(3), { interval: 2 });
    expect(events).toEqual([
      ["subscribe", 1],
      ["message", { channel: "chat", message: "hello, world" }],
      ["message", { channel: "chat", message: { from: "ana", text: "hi" } }],
    ]);
    expect(target.exchanges[0]?.path).toBe("/subscribe/chat");
    // When the SDK unsubscribes, the server drops the subscription
    await subscriber.unsubscribe();
    await vi.waitFor(async () => expect(await channelSubscribers(server, "chat")).toBe(0), {
      interval: 2,
    });
  });

  test("subscribe: a payload's later lines never reach the SDK as items (issue: SSE newlines)", async ({
    expect,
  }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const redis = new Redis({ url: target.url, token: TOKEN });
    const events: unknown[] = [];
    const subscriber = redis.subscribe(["news"]);
    subscriber.on("subscribe", (count) => events.push(["subscribe", count]));
    subscriber.on("message", (message) => events.push(["message", message]));
    subscriber.on("error", (error) => events.push(["error", error]));
    await vi.waitFor(() => expect(events).toEqual([["subscribe", 1]]), { interval: 2 });
    // When payloads hide items of another channel behind line breaks
    await publish(server, "news", "hello\nmessage,admin,FORGED");
    await publish(server, "news", "x\ndata: message,admin,FORGED\n message,admin,FORGED");
    await publish(server, "news", "done");
    // Then the SDK (which reads every `data: ` line as an item) gets each first line, on `news`
    // only: the documented loss, since it cannot receive a multi-line payload whole (§11.1)
    await vi.waitFor(() => expect(events).toHaveLength(4), { interval: 2 });
    expect(events).toEqual([
      ["subscribe", 1],
      ["message", { channel: "news", message: "hello" }],
      ["message", { channel: "news", message: "x" }],
      ["message", { channel: "news", message: "done" }],
    ]);
    await subscriber.unsubscribe();
  });

  test("psubscribe: pattern messages reach the SDK's listeners", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await using target = sdkTarget(server);
    const redis = new Redis({ url: target.url, token: TOKEN });
    const events: unknown[] = [];
    const subscriber = redis.psubscribe(["user:*"]);
    subscriber.on("psubscribe", (count) => events.push(["psubscribe", count]));
    subscriber.on("pmessage", (message) => events.push(["pmessage", message]));
    subscriber.on("error", (error) => events.push(["error", error]));
    await vi.waitFor(() => expect(events).toEqual([["psubscribe", 1]]), { interval: 2 });
    await publish(server, "user:42", '{"online":true}');
    await vi.waitFor(() => expect(events).toHaveLength(2), { interval: 2 });
    expect(events[1]).toEqual([
      "pmessage",
      { pattern: "user:*", channel: "user:42", message: { online: true } },
    ]);
    await subscriber.unsubscribe();
    await vi.waitFor(async () => expect(await patternCount(server)).toBe(0), { interval: 2 });
  });
});
