/** `pipeline()`, `multi()` and auto-pipelining against a live emulator. */
import { startEmulator, type TestEmulator } from "@stratus/testing";
import { afterAll, beforeAll, describe, test } from "vitest";
import { CommandError, createKv, type KvOptions, UsageError } from "../src/index.ts";

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.stop();
});

let counter = 0;
const uniqueKey = (name: string): string => `${name}:${++counter}`;

describe.each<[string, Partial<KvOptions>]>([
  ["json + base64", {}],
  ["resp2", { responseFormat: "resp2" }],
])("batches (%s)", (_mode, options) => {
  test("a pipeline resolves to a typed tuple", async ({ expect }) => {
    await using kv = createKv({ url: emu.url, token: emu.token, ...options });
    const key = uniqueKey("p");
    const results = await kv
      .pipeline()
      .set(key, "1")
      .incr(key)
      .get(key)
      .command("STRLEN", key)
      .exec();
    expect(results).toEqual(["OK", 2, "2", 1]);
  });

  test("a failed entry rejects with its index, or is kept with keepErrors", async ({ expect }) => {
    await using kv = createKv({ url: emu.url, token: emu.token, ...options });
    const key = uniqueKey("p");
    const pipeline = kv.pipeline().set(key, "text").incr(key).get(key);
    const error = await pipeline.exec().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CommandError);
    expect(error).toMatchObject({ index: 1, status: 200, command: ["INCR", key] });
    expect((error as CommandError).serverMessage).toBe(
      "ERR value is not an integer or out of range",
    );
    const outcomes = await kv.pipeline().set(key, "text").incr(key).get(key).exec({
      keepErrors: true,
    });
    expect(outcomes[0]).toEqual({ ok: true, value: "OK" });
    expect(outcomes[1].ok).toBe(false);
    expect(outcomes[2]).toEqual({ ok: true, value: "text" });
  });

  test("multi runs atomically and keeps runtime errors in place", async ({ expect }) => {
    await using kv = createKv({ url: emu.url, token: emu.token, ...options });
    const key = uniqueKey("m");
    const outcomes = await kv.multi().set(key, "a").incr(key).append(key, "b").exec({
      keepErrors: true,
    });
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, true]);
    expect(await kv.get(key)).toBe("ab");
  });

  test("a transaction with an unknown command is discarded whole", async ({ expect }) => {
    await using kv = createKv({ url: emu.url, token: emu.token, ...options });
    const key = uniqueKey("m");
    const error = await kv
      .multi()
      .set(key, "a")
      .command("NOSUCHCOMMAND")
      .exec()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CommandError);
    expect(error).toMatchObject({ status: 400, command: ["MULTI-EXEC"] });
    expect(await kv.get(key)).toBeNull();
  });
});

describe("builders without a server", () => {
  test("an empty pipeline fails before sending", async ({ expect }) => {
    await using kv = createKv({ url: "http://127.0.0.1:9", token: "t", retry: false });
    await expect(kv.pipeline().exec()).rejects.toThrow(new UsageError("Pipeline is empty"));
    expect(kv.pipeline().get("a").set("b", "c").length).toBe(2);
  });

  test("a non-UTF-8 byte argument is refused in a batch", async ({ expect }) => {
    await using kv = createKv({ url: "http://127.0.0.1:9", token: "t", retry: false });
    await expect(kv.pipeline().set("k", Uint8Array.of(0xff)).exec()).rejects.toBeInstanceOf(
      UsageError,
    );
  });
});

describe("auto-pipelining", () => {
  test("calls made in one tick share one /pipeline request", async ({ expect }) => {
    await using kv = createKv({ url: emu.url, token: emu.token, autoPipeline: true });
    const key = uniqueKey("auto");
    const lines: string[] = [];
    const monitor = kv.monitor();
    const iterator = monitor[Symbol.asyncIterator]();
    // Given a monitor the server has registered
    await monitor.ready();
    await kv.ping();
    const tokenBefore = Number(kv.syncToken);
    // When three calls are made in the same tick
    const results = await Promise.all([kv.set(key, "1"), kv.incr(key), kv.incr(`${key}:x`)]);
    // Then each caller gets its own entry, from one request (the emulator's sync token counts
    // requests, kv-rest-wire.md §10), and the server ran them in call order
    expect(results).toEqual(["OK", 2, 1]);
    expect(Number(kv.syncToken) - tokenBefore).toBe(1);
    expect((await iterator.next()).value).toContain('"PING"');
    for (let i = 0; i < 3; i++) {
      lines.push(String((await iterator.next()).value));
    }
    monitor.close();
    expect(lines.map((line) => line.split(" ")[3])).toEqual(['"SET"', '"INCR"', '"INCR"']);
  });

  test("a failed entry rejects only its caller", async ({ expect }) => {
    await using kv = createKv({ url: emu.url, token: emu.token, autoPipeline: true });
    const key = uniqueKey("auto");
    const [set, incr, get] = await Promise.allSettled([
      kv.set(key, "text"),
      kv.incr(key),
      kv.get(key),
    ]);
    expect(set).toEqual({ status: "fulfilled", value: "OK" });
    expect(incr.status).toBe("rejected");
    expect((incr as PromiseRejectedResult).reason).toBeInstanceOf(CommandError);
    expect(get).toEqual({ status: "fulfilled", value: "text" });
  });
});
