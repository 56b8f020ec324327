/**
 * The conformance suite against both key-value backends of the emulator (issue 10): the embedded
 * engine, and the proxy in front of a real redis-server. Both must pass every check.
 */
import { describe, test } from "vitest";
import { formatTable, runConformance } from "../src/conformance/index.ts";
import { startEmulator } from "../src/start-emulator.ts";
import { shouldRunRedisTests, startRedisServer } from "./support/redis-server.ts";

// Whole suites run inside one test; CI runs every project at once on two cores.
describe("conformance suite", { timeout: 30_000 }, () => {
  test("the embedded engine passes every key-value, vector and management check", async ({
    expect,
  }) => {
    await using emulator = await startEmulator();
    const report = await runConformance({
      kv: { url: emulator.url, token: emulator.token, readOnlyToken: emulator.readOnlyToken },
      vector: emulator.vector,
      management: emulator.management,
    });
    expect(report.failed, formatTable(report)).toBe(0);
    expect(report.skipped, formatTable(report)).toBe(0);
    const areas = new Set(report.results.map((result) => result.area));
    expect([...areas]).toEqual(["kv", "vector", "management"]);
    expect(report.passed).toBeGreaterThanOrEqual(45);
  });

  test.for(["SPARSE", "HYBRID"] as const)(
    "a %s vector index passes the vector checks",
    async (type, { expect }) => {
      await using emulator = await startEmulator();
      const index = await emulator.createVectorIndex({ name: `conformance-${type}`, type });
      const report = await runConformance({
        kv: { url: emulator.url, token: emulator.token },
        vector: index,
        only: ["vector/"],
      });
      expect(report.failed, formatTable(report)).toBe(0);
      expect(report.passed).toBe(10);
    },
  );

  test.runIf(shouldRunRedisTests())(
    "the proxy backend in front of redis-server passes every key-value check",
    async ({ expect }) => {
      await using redis = await startRedisServer();
      await using emulator = await startEmulator({ redisUrl: redis.url });
      const report = await runConformance({
        kv: { url: emulator.url, token: emulator.token, readOnlyToken: emulator.readOnlyToken },
      });
      expect(report.failed, formatTable(report)).toBe(0);
      expect(report.skipped).toBe(0);
    },
  );

  test("it leaves no key and no vector namespace behind", async ({ expect }) => {
    await using emulator = await startEmulator();
    await runConformance({
      kv: { url: emulator.url, token: emulator.token },
      vector: emulator.vector,
    });
    expect(await emulator.command(["DBSIZE"])).toBe(0);
    const response = await fetch(`${emulator.vector.url}/list-namespaces`, {
      method: "POST",
      headers: { authorization: `Bearer ${emulator.vector.token}` },
    });
    expect(await response.json()).toEqual({ result: [""] });
  });
});
