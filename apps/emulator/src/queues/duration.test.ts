import { test } from "vitest";
import { parseDuration } from "./duration.ts";

test("durations as the SDK and the docs write them", ({ expect }) => {
  expect(parseDuration("50s", "h")).toBe(50_000);
  expect(parseDuration("3m", "h")).toBe(180_000);
  expect(parseDuration("1d", "h")).toBe(86_400_000);
  expect(parseDuration("1h30m", "h")).toBe(5_400_000);
  expect(parseDuration("250ms", "h")).toBe(250);
  expect(parseDuration("7", "h")).toBe(7000);
  expect(() => parseDuration("soon", "Upstash-Delay")).toThrow(/Upstash-Delay/);
  expect(() => parseDuration("5x", "h")).toThrow(/duration/);
});
