/**
 * The real `@upstash/redis` SDK as a client of the emulator (kv-rest-wire.md §15): auto-pipelining,
 * explicit pipelines and transactions, both response encodings, pub/sub, read-your-writes and
 * error mapping. The SDK calls the global `fetch` and takes no custom one, so for the in-process
 * run the global is routed: requests to a made-up origin go to `emulator.fetch`, others pass.
 *
 * Every test runs on each SDK version of the matrix (issue 24): the oldest still common (1.28), a
 * middle one (1.34) and the current one. Older versions send other defaults: 1.28 has no
 * automatic pipelining (every command posts to `/`), no read-your-writes token and no subscribe.
 */
import * as sdkCurrent from "@upstash/redis";
import * as sdk128 from "upstash-redis-1-28";
import * as sdk134 from "upstash-redis-1-34";
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

/** What differs between the SDK versions the tests run on. */
interface SdkVersion {
  readonly version: string;
  /**
   * Older versions are typed as the current one: the tests call only methods every version has,
   * and guard newer features with the fields below.
   */
  readonly Redis: typeof sdkCurrent.Redis;
  /** The SDK's error class (1.28 does not export it: its errors are plain `Error`s). */
  readonly UpstashError: new (
    message: string,
  ) => Error;
  /**
   * The paths of four commands awaited together: 1.28 posts each to `/`; 1.34 batches them to
   * one /pipeline; later versions send reads and writes in separate batches.
   */
  readonly togetherPaths: readonly string[];
  /** Commands awaited together are batched (their errors read `Command failed: …`). */
  readonly autoPipelines: boolean;
  /**
   * Read-your-writes: which earlier response's `upstash-sync-token` each request carries (1: the
   * previous one; 1.34 sets the header after copying it, so its requests lag by 2, the first two
   * sending none and ""); 0 for none at all (1.28).
   */
  readonly syncTokenLag: 0 | 1 | 2;
  /** Has `redis.exec(argv)` for raw commands. */
  readonly runsRawCommands: boolean;
  /** Has `subscribe` and `psubscribe` over SSE. */
  readonly subscribes: boolean;
  /** Delivers payloads that are not JSON (1.34 reports them as parse errors). */
  readonly deliversPlainText: boolean;
}

const SDK_VERSIONS: readonly SdkVersion[] = [
  {
    version: "1.28",
    Redis: sdk128.Redis as unknown as typeof sdkCurrent.Redis,
    UpstashError: Error,
    togetherPaths: ["/", "/", "/", "/"],
    autoPipelines: false,
    syncTokenLag: 0,
    runsRawCommands: false,
    subscribes: false,
    deliversPlainText: false,
  },
  {
    version: "1.34",
    Redis: sdk134.Redis as unknown as typeof sdkCurrent.Redis,
    UpstashError: sdk134.errors.UpstashError,
    togetherPaths: ["/pipeline"],
    autoPipelines: true,
    syncTokenLag: 2,
    runsRawCommands: true,
    subscribes: true,
    deliversPlainText: false,
  },
  {
    version: "current",
    Redis: sdkCurrent.Redis,
    UpstashError: sdkCurrent.errors.UpstashError,
    togetherPaths: ["/pipeline", "/pipeline"],
    autoPipelines: true,
    syncTokenLag: 1,
    runsRawCommands: true,
    subscribes: true,
    deliversPlainText: true,
  },
];

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

for (const sdkVersion of SDK_VERSIONS) {
  const { Redis, UpstashError } = sdkVersion;
  /** The message of a failed command the SDK sent alone or, where it auto-pipelines, batched. */
  const batchedFailure = (error: string, command: readonly unknown[]): string =>
    sdkVersion.autoPipelines
      ? `Command failed: ${error}`
      : `${error}, command was: ${JSON.stringify(command)}`;
  describeTransports(`@upstash/redis ${sdkVersion.version}`, (kind) => {
    test("commands awaited together: batched where the SDK auto-pipelines", async ({ expect }) => {
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
      expect(target.exchanges.map((exchange) => exchange.path)).toEqual(sdkVersion.togetherPaths);
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
      expect(single).toBeInstanceOf(UpstashError);
      expect(single.message).toBe(`${invalidExpiry}, command was: ["set","k","v","ex",0]`);
      // An auto-pipelined entry rejects only its caller
      const [failed, fine] = await Promise.allSettled([
        auto.set("k", "v", { ex: 0 }),
        auto.set("k", "w"),
      ]);
      expect(failed).toMatchObject({
        status: "rejected",
        reason: { message: batchedFailure(invalidExpiry, ["set", "k", "v", "ex", 0]) },
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
      if (sdkVersion.runsRawCommands) {
        const unknown = await failure(direct.exec(["NOPE", "x"]));
        expect(unknown.message).toBe(
          `ERR unknown command 'NOPE', with args beginning with: 'x' , command was: ["NOPE","x"]`,
        );
      }
    });

    test("a wrong token is a WRONGPASS UpstashError", async ({ expect }) => {
      await using server = await startEmulator(kind);
      await using target = sdkTarget(server);
      const redis = new Redis({ url: target.url, token: "wrong", enableAutoPipelining: false });
      const error = await failure(redis.get("k"));
      expect(error).toBeInstanceOf(UpstashError);
      expect(error.message).toBe(
        'WRONGPASS invalid or missing auth token, command was: ["get","k"]',
      );
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
        batchedFailure(
          "NOPERM this user has no permissions to run the 'set' command or its subcommand",
          ["set", "k", "w"],
        ),
      );
    });

    test.skipIf(sdkVersion.syncTokenLag === 0)(
      "read-your-writes: each request sends the token of the previous response",
      async ({ expect }) => {
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
        // 1.39.0 sends the stored token on the current request, the first one empty (§10); 1.34
        // lags one request behind (see `syncTokenLag`)
        const lag = sdkVersion.syncTokenLag;
        const sent = exchanges.map((exchange) => exchange.headers["upstash-sync-token"]);
        const expected = exchanges.map((_, i) =>
          i >= lag ? exchanges[i - lag]?.syncToken : i === lag - 1 ? "" : undefined,
        );
        expect(sent).toEqual(expected);
        expect(new Set(exchanges.map((exchange) => exchange.syncToken)).size).toBe(4);
      },
    );

    test.skipIf(!sdkVersion.subscribes)(
      "subscribe: events and messages reach the SDK's listeners",
      async ({ expect }) => {
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
        // (plain text only to SDKs that deliver it; 1.34 parses every payload as JSON)
        const plain = sdkVersion.deliversPlainText ? "hello, world" : '"hello, world"';
        expect(await publish(server, "chat", plain)).toBe(1);
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
      },
    );

    test.skipIf(!sdkVersion.deliversPlainText)(
      "subscribe: a payload's later lines never reach the SDK as items (issue: SSE newlines)",
      async ({ expect }) => {
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
      },
    );

    test.skipIf(!sdkVersion.subscribes)(
      "psubscribe: pattern messages reach the SDK's listeners",
      async ({ expect }) => {
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
      },
    );
  });
}
