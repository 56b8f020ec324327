import { test } from "vitest";
import { UsageTotals } from "./usage.ts";

test("totals follow what was recorded", ({ expect }) => {
  const usage = new UsageTotals();
  usage.recordCommands(3, 1);
  for (let i = 1; i <= 100; i++) {
    usage.recordRequest({ latencyMs: i, bytesIn: 10, bytesOut: 20 });
  }
  expect(usage).toMatchObject({
    commands: 3,
    writes: 1,
    requests: 100,
    bytesIn: 1000,
    bytesOut: 2000,
  });
  expect(usage.totalLatencyMs).toBe(5050);
});

test("a sink receives each request with the commands admitted before it", ({ expect }) => {
  const seen: unknown[] = [];
  const usage = new UsageTotals((request) => seen.push(request));
  usage.recordCommands(3, 1);
  usage.recordRequest({ latencyMs: 2, bytesIn: 5, bytesOut: 7 });
  usage.recordRequest({ latencyMs: 1, bytesIn: 0, bytesOut: 1 });
  expect(seen).toEqual([
    { reads: 2, writes: 1, requests: 1, latencyMs: 2, bytesIn: 5, bytesOut: 7 },
    { reads: 0, writes: 0, requests: 1, latencyMs: 1, bytesIn: 0, bytesOut: 1 },
  ]);
});

test("a run of requests counts each of them", ({ expect }) => {
  const usage = new UsageTotals();
  usage.recordCommands(16, 0);
  usage.recordRequest({ requests: 16, latencyMs: 8, bytesIn: 160, bytesOut: 64 });
  expect(usage).toMatchObject({ commands: 16, writes: 0, requests: 16, bytesIn: 160 });
  expect(usage.totalLatencyMs).toBe(8);
});
