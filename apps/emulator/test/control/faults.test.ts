/**
 * Fault injection (`http/faults.ts`) seen through the official SDKs over real sockets: each preset
 * and what the SDK does with it. Both SDKs retry only when `fetch` throws (a reset connection),
 * never on an HTTP status (kv-rest-wire.md §8), so a status preset surfaces at once and a reset is
 * retried with the SDK's backoff.
 */
import { Redis } from "@upstash/redis";
import { Index } from "@upstash/vector";
import { describe, test } from "vitest";
import { createEmulator, type Emulator, type InjectedFault } from "../../src/index.ts";
import { RedisServer, shouldRunRedisTests } from "../support/redis-server.ts";

async function start(faults: string[] = []): Promise<{ emulator: Emulator; log: InjectedFault[] }> {
  const log: InjectedFault[] = [];
  const emulator = await createEmulator({
    port: 0,
    respPort: null,
    faults,
    onFault: (fault) => log.push(fault),
  });
  return { emulator, log };
}

const redisOf = (emulator: Emulator): Redis =>
  new Redis({ url: emulator.url, token: emulator.token, enableAutoPipelining: false });

const counts = (emulator: Emulator, id: string) =>
  emulator.faults.list().find((state) => state.rule.id === id);

describe("presets through @upstash/redis", () => {
  test.for([
    ["unauthorized", "WRONGPASS invalid or missing auth token"],
    ["requests-limit", "ERR max requests limit exceeded."],
    ["daily-limit", "ERR max daily request limit exceeded"],
    ["request-size", "ERR max request size exceeded"],
    ["internal", "ERR internal error (injected fault)"],
    ["unavailable", "ERR service unavailable (injected fault)"],
  ] as const)("%s: thrown at once, not retried", async ([preset, message], { expect }) => {
    const { emulator, log } = await start([`kv:error=${preset},id=rule`]);
    try {
      await expect(redisOf(emulator).get("k")).rejects.toThrow(message);
      // One request: the SDK does not retry on a status.
      expect(counts(emulator, "rule")).toMatchObject({ matched: 1, injected: 1 });
      expect(log).toEqual([expect.objectContaining({ ruleId: "rule", path: "/" })]);
    } finally {
      await emulator.close();
    }
  });

  test("connection-reset: the SDK retries with its backoff and then succeeds", async ({
    expect,
  }) => {
    const { emulator } = await start(["kv:error=connection-reset,times=2,id=reset"]);
    try {
      const redis = redisOf(emulator);
      expect(await redis.set("k", "v")).toBe("OK");
      // Two attempts reset, the third answered.
      expect(counts(emulator, "reset")).toMatchObject({ matched: 3, injected: 2 });
      expect(await redis.get("k")).toBe("v");
    } finally {
      await emulator.close();
    }
  });

  test("connection-reset on every attempt: the SDK gives up after its retries", async ({
    expect,
  }) => {
    const { emulator } = await start(["kv:error=connection-reset,id=reset"]);
    try {
      const redis = new Redis({
        url: emulator.url,
        token: emulator.token,
        retry: { retries: 2, backoff: () => 1 },
      });
      await expect(redis.get("k")).rejects.toThrow();
      expect(counts(emulator, "reset")).toMatchObject({ injected: 3 });
    } finally {
      await emulator.close();
    }
  });
});

describe("scopes, frequency, latency", () => {
  test("every Nth matching request, scoped by command (pipelines included)", async ({ expect }) => {
    const { emulator } = await start();
    try {
      emulator.faults.add({
        id: "gets",
        interface: "kv",
        command: "get",
        every: 2,
        error: "unavailable",
      });
      const redis = redisOf(emulator);
      await redis.set("k", "v");
      expect(await redis.get("k")).toBe("v");
      await expect(redis.get("k")).rejects.toThrow("ERR service unavailable");
      expect(await redis.get("k")).toBe("v");
      // SET is not in scope; a pipeline with a GET is.
      await redis.set("k", "w");
      const pipeline = redis.pipeline();
      pipeline.set("x", "1");
      pipeline.get("x");
      await expect(pipeline.exec()).rejects.toThrow("ERR service unavailable");
      expect(counts(emulator, "gets")).toMatchObject({ matched: 4, injected: 2 });
    } finally {
      await emulator.close();
    }
  });

  test("interface and resource scope: a key-value rule leaves vector alone", async ({ expect }) => {
    const { emulator } = await start([
      "kv/default:error=internal",
      "vector/other:error=unauthorized",
    ]);
    try {
      const index = new Index({ url: emulator.vectorUrl, token: emulator.vectorToken });
      expect((await index.info()).vectorCount).toBe(0);
      await expect(redisOf(emulator).ping()).rejects.toThrow("ERR internal error");
    } finally {
      await emulator.close();
    }
  });

  test("vector presets through @upstash/vector carry the status in the body", async ({
    expect,
  }) => {
    const { emulator } = await start(["vector:error=requests-limit,command=query"]);
    try {
      const index = new Index({ url: emulator.vectorUrl, token: emulator.vectorToken });
      await index.upsert({ id: "a", vector: Array.from({ length: 384 }, () => 0.1) });
      await expect(
        index.query({ vector: Array.from({ length: 384 }, () => 0.1), topK: 1 }),
      ).rejects.toThrow("ERR max requests limit exceeded.");
      const raw = await fetch(`${emulator.vectorUrl}/query`, {
        method: "POST",
        headers: { authorization: `Bearer ${emulator.vectorToken}` },
        body: JSON.stringify({ vector: Array.from({ length: 384 }, () => 0.1), topK: 1 }),
      });
      expect([raw.status, await raw.json()]).toEqual([
        429,
        { error: "ERR max requests limit exceeded.", status: 429 },
      ]);
    } finally {
      await emulator.close();
    }
  });

  test("latency: fixed delay before the answer; probability 0 never fires", async ({ expect }) => {
    const { emulator } = await start(["kv:latency=60", "kv:error=internal,probability=0"]);
    try {
      const started = performance.now();
      expect(await redisOf(emulator).ping()).toBe("PONG");
      expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    } finally {
      await emulator.close();
    }
  });

  test("server-sent events: the stream is dropped after N events", async ({ expect }) => {
    const { emulator } = await start(["kv:drop-sse-after=3"]);
    try {
      const response = await fetch(`${emulator.url}/subscribe/news`, {
        headers: { authorization: `Bearer ${emulator.token}`, accept: "text/event-stream" },
      });
      const reader = response.body?.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const published = (async () => {
        for (let i = 0; i < 5; i++) {
          await redisOf(emulator).publish("news", `m${i}`);
        }
      })();
      // The subscription confirmation and two messages, then the connection closes.
      for (;;) {
        const chunk = await reader?.read().catch(() => ({ done: true, value: undefined }));
        if (chunk === undefined || chunk.done === true) {
          break;
        }
        text += decoder.decode(chunk.value);
        if (!text.includes("subscribe,news")) {
          continue;
        }
        if (text.match(/^data: message/gm)?.length === 0) {
          await published;
        }
      }
      await published;
      expect(text.match(/^data: /gm)).toHaveLength(3);
      expect(text).toContain("message,news,m1");
      expect(text).not.toContain("m2");
    } finally {
      await emulator.close();
    }
  });
});

describe("rules by flag, file and control endpoint", () => {
  test("bad rules are refused with what is wrong", async ({ expect }) => {
    await expect(start(["kv"])).rejects.toThrow(/expected <interface>/);
    await expect(start(["kv:speed=1"])).rejects.toThrow(/unknown key "speed"/);
    await expect(start(["kv:every=2"])).rejects.toThrow(/needs latencyMs, jitterMs, error/);
    await expect(start(["redis:latency=1"])).rejects.toThrow(/interface/);
    await expect(start(["kv:error=teapot"])).rejects.toThrow(/error/);
  });

  test("POST, GET and DELETE /_stratus/faults with the management credentials", async ({
    expect,
  }) => {
    const { emulator } = await start();
    try {
      const auth = `Basic ${Buffer.from(`${emulator.email}:${emulator.apiKey}`).toString("base64")}`;
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${emulator.url}/_stratus/faults${path}`, {
          method,
          headers: { authorization: auth },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const added = await call("POST", "", { interface: "kv", error: "unavailable", times: 1 });
      expect(added.status).toBe(200);
      const { rules } = (await added.json()) as { rules: { id: string }[] };
      await expect(redisOf(emulator).ping()).rejects.toThrow("ERR service unavailable");
      expect(await redisOf(emulator).ping()).toBe("PONG");
      const listed = (await (await call("GET", "")).json()) as { rules: unknown[] };
      expect(listed.rules).toEqual([
        expect.objectContaining({
          rule: expect.objectContaining({ id: rules[0]?.id }),
          injected: 1,
        }),
      ]);
      expect((await call("POST", "", { interface: "kv" })).status).toBe(400);
      expect((await call("DELETE", `/${rules[0]?.id}`)).status).toBe(200);
      expect((await call("DELETE", "/nope")).status).toBe(404);
      // The control endpoint itself is never faulted.
      emulator.faults.add({ error: "internal" });
      expect((await call("GET", "")).status).toBe(200);
      expect((await call("DELETE", "")).status).toBe(200);
      expect(emulator.faults.size).toBe(0);
    } finally {
      await emulator.close();
    }
  });
});

describe.skipIf(!shouldRunRedisTests())("redis-outage over a proxied Redis", () => {
  test("answers what a real outage answers, until the rule goes", async ({ expect }) => {
    await using redis = await RedisServer.start();
    const log: InjectedFault[] = [];
    await using emulator = await createEmulator({
      port: 0,
      respPort: null,
      redisUrl: `redis://127.0.0.1:${redis.port}`,
      onFault: (fault) => log.push(fault),
    });
    const client = redisOf(emulator);
    await client.set("k", "v");
    const outage = /^ERR backend unavailable: Redis at redis:\/\/127\.0\.0\.1:\d+\/0: /;
    const rule = emulator.faults.add({ interface: "kv", error: "redis-outage" });
    const injected = await emulator.fetch(`${emulator.url}/get/k`, {
      headers: { authorization: `Bearer ${emulator.token}` },
    });
    expect(injected.status).toBe(503);
    expect(((await injected.json()) as { error: string }).error).toMatch(outage);
    await expect(client.get("k")).rejects.toThrow(outage);
    expect(log.map((fault) => fault.action)).toEqual(["error 503", "error 503"]);
    emulator.faults.remove(rule.id);
    expect(await client.get("k")).toBe("v");
    expect(() => emulator.faults.add({ interface: "vector", error: "redis-outage" })).toThrow(
      /redis-outage is the key-value service.s failure/,
    );
  });
});
