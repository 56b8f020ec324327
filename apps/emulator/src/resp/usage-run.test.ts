import { afterEach, test, vi } from "vitest";
import { type RequestUsage, UsageTotals } from "../metrics/usage.ts";
import { UsageRun } from "./usage-run.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

/** `performance.now()` answers these times in turn. */
function clockReading(...times: number[]): void {
  const now = vi.spyOn(performance, "now");
  for (const time of times) {
    now.mockReturnValueOnce(time);
  }
}

test("a run's requests are recorded once it ends, reads and writes apart", ({ expect }) => {
  const seen: RequestUsage[] = [];
  const usage = new UsageTotals((request) => seen.push(request));
  const run = new UsageRun();
  clockReading(100, 106);
  for (const isWrite of [true, false, false]) {
    run.begin();
    run.tally(usage, isWrite)?.add(4, 5);
  }
  expect(seen).toEqual([]);
  run.end();
  expect(seen).toEqual([
    { reads: 0, writes: 1, requests: 1, latencyMs: 2, bytesIn: 4, bytesOut: 5 },
    { reads: 2, writes: 0, requests: 2, latencyMs: 4, bytesIn: 8, bytesOut: 10 },
  ]);
  expect(usage).toMatchObject({ commands: 3, writes: 1, requests: 3, bytesIn: 12 });
  expect(usage.totalLatencyMs).toBe(6);
});

test("the next run starts with its own first request", ({ expect }) => {
  const usage = new UsageTotals();
  const run = new UsageRun();
  clockReading(10, 11, 50, 53);
  run.begin();
  run.tally(usage, false)?.add(1, 1);
  run.end();
  run.end();
  run.begin();
  run.tally(usage, false)?.add(1, 1);
  run.end();
  expect(usage.requests).toBe(2);
  expect(usage.totalLatencyMs).toBe(4);
});

test("each request counts in its own database, and none before AUTH", ({ expect }) => {
  const first = new UsageTotals();
  const second = new UsageTotals();
  const run = new UsageRun();
  clockReading(0, 3, 9);
  run.begin();
  run.tally(undefined, false)?.add(1, 1);
  run.tally(first, true)?.add(1, 1);
  run.tally(second, true)?.add(1, 1);
  run.end();
  expect([first.requests, first.writes, first.totalLatencyMs]).toEqual([1, 1, 3]);
  expect([second.requests, second.writes, second.totalLatencyMs]).toEqual([1, 1, 6]);
});
