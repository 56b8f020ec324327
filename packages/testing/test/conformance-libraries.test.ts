/**
 * `stratus-conformance --libraries` (issue 24) against both key-value backends: every library
 * check passes, and the keys and vector namespace the libraries wrote are gone afterwards.
 */
import { describe, test } from "vitest";
import { formatTable, runConformance } from "../src/conformance/index.ts";
import { startEmulator } from "../src/start-emulator.ts";
import { shouldRunRedisTests, startRedisServer } from "./support/redis-server.ts";

describe("conformance --libraries", { timeout: 30_000 }, () => {
  test("the embedded engine passes every library check and keeps nothing", async ({ expect }) => {
    await using emulator = await startEmulator();
    const index = await emulator.createVectorIndex({
      name: "semantic",
      denseEmbeddingModel: "BGE_SMALL_EN_V1_5",
    });
    const report = await runConformance({
      kv: { url: emulator.url, token: emulator.token },
      vector: index,
      libraries: true,
      only: ["libraries/", "service-behaviours/"],
    });
    expect(report.failed, formatTable(report)).toBe(0);
    expect(report.skipped, formatTable(report)).toBe(0);
    expect(report.passed).toBe(10);
    expect(await emulator.command(["DBSIZE"])).toBe(0);
  });

  test.runIf(shouldRunRedisTests())(
    "the proxy in front of redis-server passes every key-value library check",
    async ({ expect }) => {
      await using redis = await startRedisServer();
      await using emulator = await startEmulator({ redisUrl: redis.url });
      const report = await runConformance({
        kv: { url: emulator.url, token: emulator.token },
        libraries: true,
        only: ["libraries/", "service-behaviours/"],
      });
      expect(report.failed, formatTable(report)).toBe(0);
      // Only the semantic cache, which needs a vector index, is skipped.
      expect(report.skipped, formatTable(report)).toBe(1);
      expect(await emulator.command(["DBSIZE"])).toBe(0);
    },
  );
});
