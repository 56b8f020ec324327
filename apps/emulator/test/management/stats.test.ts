/**
 * Stats from real usage (`spec/management-api.md` §6): the period → datapoints rule, Go
 * timestamps, and series consistent with generated traffic, time moved by a ManualClock.
 */
import { parseGoTime } from "@stratus/core/schemas";
import { describe, type ExpectStatic, test } from "vitest";
import { CREATE_DATABASE, startManagementEmulator } from "./fixtures.ts";

const MINUTE = 60_000;
const PERIOD_TABLE = [
  ["1h", 60, MINUTE],
  ["3h", 60, 3 * MINUTE],
  ["12h", 60, 12 * MINUTE],
  ["1d", 60, 24 * MINUTE],
  ["3d", 60, 72 * MINUTE],
  ["7d", 60, 168 * MINUTE],
  ["30d", 240, 180 * MINUTE],
] as const;
/** The sampled-series form: minute-aligned, exactly three fractional digits (§6.1). */
const PERIOD_X = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \+0000 UTC$/;
/** Go's default `String()` form of the daily series. */
const DAILY_X = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,9})? \+0000 UTC$/;

type Point = { x: string; y: number };

function checkPeriodSeries(
  series: Point[],
  expected: { count: number; stepMs: number; nowMs: number },
  expect: ExpectStatic,
): void {
  expect(series).toHaveLength(expected.count);
  const times = series.map((point) => {
    expect(point.x).toMatch(PERIOD_X);
    expect(typeof point.y).toBe("number");
    return parseGoTime(point.x);
  });
  for (const [index, time] of times.entries()) {
    expect(time % expected.stepMs).toBe(0);
    if (index > 0) {
      expect(time - (times[index - 1] ?? 0)).toBe(expected.stepMs);
    }
  }
  // The last point is the bucket that contains now.
  const last = times.at(-1) ?? 0;
  expect(last).toBeLessThanOrEqual(expected.nowMs);
  expect(last + expected.stepMs).toBeGreaterThan(expected.nowMs);
}

const VECTOR_SERIES = [
  "daily_update_requests",
  "daily_query_requests",
  "daily_bandwidths",
  "daily_rerank_requests",
] as const;
const VECTOR_PERIOD_SERIES = [
  "query_throughput",
  "update_throughput",
  "query_latency_mean",
  "query_latency_99",
  "update_latency_mean",
  "update_latency_99",
  "embeds_latency_mean",
  "embeds_latency_99",
  "vector_count",
  "data_size",
  "rerank_latency_mean",
  "rerank_latency_99",
] as const;
const VECTOR_NUMBERS = [
  "pending_index_count",
  "current_vector_count",
  "daily_query_count",
  "daily_update_count",
  "monthly_query_count",
  "monthly_update_count",
  "monthly_bandwidth_usage",
  "storage_usage",
  "monthly_cost",
  "daily_rerank_count",
  "monthly_rerank_count",
] as const;

async function createVectorIndex(
  emu: Awaited<ReturnType<typeof startManagementEmulator>>,
): Promise<{ id: string; rest_url: string; token: string; read_only_token: string }> {
  const response = await emu.api("POST", "/vector/index", {
    body: {
      name: "tiny",
      region: "us-east-1",
      similarity_function: "COSINE",
      dimension_count: 2,
    },
  });
  if (response.status !== 200) {
    throw new Error(`create failed: ${response.text}`);
  }
  return response.json;
}

describe("the period rule (§6.2)", () => {
  test.for(PERIOD_TABLE)(
    "vector stats period=%s: %i points, %i ms apart",
    async ([period, count, stepMs], { expect }) => {
      await using emu = await startManagementEmulator();
      const index = await createVectorIndex(emu);
      const response = await emu.api("GET", `/vector/index/${index.id}/stats?period=${period}`);
      expect(response.status).toBe(200);
      const stats = response.json;
      // Every field of the spec's table is sent.
      for (const field of VECTOR_NUMBERS) {
        expect([field, typeof stats[field]]).toEqual([field, "number"]);
      }
      for (const field of VECTOR_PERIOD_SERIES) {
        checkPeriodSeries(stats[field], { count, stepMs, nowMs: emu.clock.now() }, expect);
      }
      for (const field of VECTOR_SERIES) {
        expect(stats[field]).toHaveLength(5);
        for (const point of stats[field] as Point[]) {
          expect(point.x).toMatch(DAILY_X);
        }
      }
      // START_MS is a Monday; the daily series ends today.
      expect(stats.days).toEqual(["Thursday", "Friday", "Saturday", "Sunday", "Monday"]);
    },
  );

  test.for(PERIOD_TABLE)(
    "redis stats period=%s: %i points, %i ms apart",
    async ([period, count, stepMs], { expect }) => {
      await using emu = await startManagementEmulator();
      const { json: database } = await emu.api("POST", "/redis/database", {
        body: CREATE_DATABASE,
      });
      const { json: stats } = await emu.api(
        "GET",
        `/redis/stats/${database.database_id}?period=${period}`,
      );
      for (const field of [
        "monitor_count",
        "connection_count",
        "keyspace",
        "throughput",
        "diskusage",
        "latencymean",
        "latency_99",
        "read_latency_mean",
        "read_latency_99",
        "write_latency_mean",
        "write_latency_99",
        "hits",
        "misses",
        "read",
        "write",
      ]) {
        checkPeriodSeries(stats[field], { count, stepMs, nowMs: emu.clock.now() }, expect);
      }
    },
  );

  test("period defaults to 1h; an unknown period is 400", async ({ expect }) => {
    await using emu = await startManagementEmulator();
    const index = await createVectorIndex(emu);
    const defaulted = await emu.api("GET", `/vector/index/${index.id}/stats`);
    expect(defaulted.json.query_throughput).toHaveLength(60);
    expect(parseGoTime(defaulted.json.query_throughput[1].x)).toBe(
      parseGoTime(defaulted.json.query_throughput[0].x) + MINUTE,
    );
    for (const period of ["2h", "1H", "", "30"]) {
      const response = await emu.api("GET", `/vector/index/${index.id}/stats?period=${period}`);
      expect(response.status).toBe(400);
      expect(response.json.error).toBe("period must be one of 1h, 3h, 12h, 1d, 3d, 7d, 30d");
    }
  });

  test("GET /vector/index/stats is the global stats (§1 routing trap)", async ({ expect }) => {
    await using emu = await startManagementEmulator();
    const response = await emu.api("GET", "/vector/index/stats");
    expect(Object.keys(response.json).sort()).toEqual([
      "bandwidth",
      "billing",
      "record_count",
      "request",
      "rerank_count",
      "storage",
    ]);
  });
});

describe("stats after generated traffic", () => {
  test("redis: counts, throughput, daily and monthly totals match what was sent", async ({
    expect,
  }) => {
    await using emu = await startManagementEmulator();
    const { json: database } = await emu.api("POST", "/redis/database", { body: CREATE_DATABASE });
    const url = database.rest_url;
    const token = database.rest_token;
    // Minute A: 3 writes and 2 reads, one request each.
    for (const key of ["a", "b", "c"]) {
      await emu.rest(`${url}/set/${key}/1`, token);
    }
    await emu.rest(`${url}/get/a`, token);
    await emu.rest(`${url}/get/b`, token);
    const minuteA = Math.floor(emu.clock.now() / MINUTE) * MINUTE;
    // Minute A + 5: one pipeline of 2 writes and 2 reads.
    emu.clock.advance(5 * MINUTE);
    await emu.rest(`${url}/pipeline`, token, [
      ["INCR", "n"],
      ["GET", "n"],
      ["DEL", "a"],
      ["EXISTS", "b"],
    ]);
    const { json: stats } = await emu.api("GET", `/redis/stats/${database.database_id}?period=1h`);
    const at = (series: Point[], ms: number): number =>
      series.find((point) => parseGoTime(point.x) === ms)?.y ?? Number.NaN;
    const sum = (series: Point[]): number => series.reduce((total, point) => total + point.y, 0);
    expect([at(stats.write, minuteA), at(stats.read, minuteA)]).toEqual([3, 2]);
    expect([at(stats.write, minuteA + 5 * MINUTE), at(stats.read, minuteA + 5 * MINUTE)]).toEqual([
      2, 2,
    ]);
    expect([sum(stats.write), sum(stats.read)]).toEqual([5, 4]);
    // Throughput is operations per second over each one-minute point.
    expect(at(stats.throughput, minuteA) * 60).toBeCloseTo(5);
    expect(sum(stats.throughput) * 60).toBeCloseTo(9);
    expect(at(stats.latencymean, minuteA)).toBeGreaterThanOrEqual(0);
    expect(at(stats.latencymean, minuteA + MINUTE)).toBe(0);
    expect(stats).toMatchObject({
      daily_net_commands: 9,
      daily_read_requests: 4,
      daily_write_requests: 5,
      total_monthly_requests: 9,
      total_monthly_read_requests: 4,
      total_monthly_write_requests: 5,
      queue_optimized: false,
      command_counts: [],
    });
    expect(stats.dailyrequests.at(-1).y).toBe(9);
    expect(stats.dailyrequests.slice(0, -1).map((point: Point) => point.y)).toEqual([0, 0, 0, 0]);
    expect(stats.total_monthly_bandwidth).toBeGreaterThan(0);
    expect(stats.dailybandwidth).toBe(stats.total_monthly_bandwidth);
    expect(stats.bandwidths.at(-1).y).toBe(stats.dailybandwidth);
    // 9 commands at $0.2 per 100k (management/pricing.ts).
    expect(stats.total_monthly_billing).toBeCloseTo((9 / 100_000) * 0.2, 8);
    // The keyspace gauge reads the database: b, c and n remain.
    expect(stats.keyspace.at(-1).y).toBe(3);
    // Storage is the engine's memory use: MEMORY USAGE of each key, summed.
    const usage = await emu.rest(`${url}/pipeline`, token, [
      ["MEMORY", "USAGE", "b"],
      ["MEMORY", "USAGE", "c"],
      ["MEMORY", "USAGE", "n"],
    ]);
    const bytes = (usage.json as { result: number }[]).reduce(
      (total, { result }) => total + result,
      0,
    );
    expect(bytes).toBeGreaterThan(0);
    expect(stats.current_storage).toBe(bytes);
    expect(stats.total_monthly_storage).toBe(bytes);
    expect(stats.diskusage.at(-1).y).toBe(bytes);
  });

  test("redis: the next day's counters start at zero, the month's keep counting", async ({
    expect,
  }) => {
    await using emu = await startManagementEmulator();
    const { json: database } = await emu.api("POST", "/redis/database", { body: CREATE_DATABASE });
    await emu.rest(`${database.rest_url}/set/k/v`, database.rest_token);
    emu.clock.set(emu.clock.now() + 24 * 60 * MINUTE);
    await emu.rest(`${database.rest_url}/get/k`, database.rest_token);
    const { json: stats } = await emu.api("GET", `/redis/stats/${database.database_id}`);
    expect(stats).toMatchObject({
      daily_net_commands: 1,
      daily_write_requests: 0,
      daily_read_requests: 1,
      total_monthly_requests: 2,
    });
    expect(stats.dailyrequests.slice(-2).map((point: Point) => point.y)).toEqual([1, 1]);
    expect(stats.days.slice(-2)).toEqual(["Monday", "Tuesday"]);
  });

  test("redis: 30d series places older traffic in 3-hour points", async ({ expect }) => {
    await using emu = await startManagementEmulator();
    const { json: database } = await emu.api("POST", "/redis/database", { body: CREATE_DATABASE });
    await emu.rest(`${database.rest_url}/set/k/v`, database.rest_token);
    const sentAt = emu.clock.now();
    // Ten days later the minute buckets are gone; the 3-hour ones still hold the write.
    // `set`, not `advance`: ten days of the services' periodic timers are not what is tested.
    emu.clock.set(emu.clock.now() + 10 * 24 * 60 * MINUTE);
    await emu.rest(`${database.rest_url}/get/k`, database.rest_token);
    const { json: stats } = await emu.api("GET", `/redis/stats/${database.database_id}?period=30d`);
    const bucket = Math.floor(sentAt / (180 * MINUTE)) * 180 * MINUTE;
    const point = (stats.write as Point[]).find((entry) => parseGoTime(entry.x) === bucket);
    expect(point?.y).toBe(1);
    expect((stats.read as Point[]).at(-1)?.y).toBe(1);
    const week = await emu.api("GET", `/redis/stats/${database.database_id}?period=7d`);
    expect((week.json.write as Point[]).every((entry) => entry.y === 0)).toBe(true);
  });

  test("vector: queries and updates counted, vector count and size from the index", async ({
    expect,
  }) => {
    await using emu = await startManagementEmulator();
    const index = await createVectorIndex(emu);
    const upsert = await emu.rest(`${index.rest_url}/upsert`, index.token, [
      { id: "a", vector: [1, 0] },
      { id: "b", vector: [0, 1] },
    ]);
    expect(upsert.status).toBe(200);
    emu.clock.advance(2 * MINUTE);
    for (let i = 0; i < 3; i++) {
      const query = await emu.rest(`${index.rest_url}/query`, index.read_only_token, {
        vector: [1, 0],
        topK: 1,
      });
      expect(query.status).toBe(200);
    }
    const { json: stats } = await emu.api("GET", `/vector/index/${index.id}/stats?period=1h`);
    const sum = (series: Point[]): number => series.reduce((total, point) => total + point.y, 0);
    expect(stats).toMatchObject({
      daily_query_count: 3,
      monthly_query_count: 3,
      current_vector_count: 2,
    });
    expect(stats.daily_update_count).toBeGreaterThanOrEqual(1);
    expect(stats.monthly_update_count).toBe(stats.daily_update_count);
    expect(sum(stats.query_throughput) * 60).toBeCloseTo(3);
    expect(stats.daily_query_requests.at(-1).y).toBe(3);
    expect(stats.monthly_bandwidth_usage).toBeGreaterThan(0);
    expect(stats.vector_count.at(-1).y).toBe(2);
    expect(stats.monthly_cost).toBeGreaterThan(0);
    const global = await emu.api("GET", "/vector/index/stats");
    expect(global.json.request).toBeGreaterThanOrEqual(4);
  });
});
