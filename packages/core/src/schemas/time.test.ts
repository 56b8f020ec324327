import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { StratusCoreError } from "../errors.ts";
import { formatZodIssue } from "./errors.ts";
import {
  DEFAULT_STATS_PERIOD,
  formatGoTime,
  GoTimeSchema,
  isGoTime,
  parseGoTime,
  periodDatapoints,
  STATS_PERIODS,
  type StatsPeriod,
  StatsPeriodSchema,
  StatsQuerySchema,
} from "./time.ts";

// The range Go prints with a 4-digit year: 0000-01-01 00:00:00.000 to 9999-12-31 23:59:59.999.
const MIN_MS = new Date(0).setUTCFullYear(0, 0, 1);
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

describe("formatGoTime", () => {
  test.for([
    // Period series: minute-aligned, exactly three digits (spec/management-api.md §6.1).
    { ms: Date.UTC(2025, 9, 23, 17, 34), text: "2025-10-23 17:34:00.000 +0000 UTC" },
    { ms: Date.UTC(2025, 8, 4, 14, 55), text: "2025-09-04 14:55:00.000 +0000 UTC" },
    // Older daily points (openapi TimeSeriesData example).
    { ms: Date.UTC(2023, 4, 22, 10, 59, 23, 426), text: "2023-05-22 10:59:23.426 +0000 UTC" },
    { ms: Date.UTC(2025, 0, 1, 0, 0, 0, 5), text: "2025-01-01 00:00:00.005 +0000 UTC" },
    { ms: 0, text: "1970-01-01 00:00:00.000 +0000 UTC" },
    { ms: -1, text: "1969-12-31 23:59:59.999 +0000 UTC" },
    { ms: MIN_MS, text: "0000-01-01 00:00:00.000 +0000 UTC" },
    { ms: MAX_MS, text: "9999-12-31 23:59:59.999 +0000 UTC" },
  ])("$ms → $text (milliseconds)", ({ ms, text }, { expect }) => {
    expect(formatGoTime(ms)).toBe(text);
    expect(formatGoTime(new Date(ms))).toBe(text);
    expect(formatGoTime(ms, { fraction: "milliseconds" })).toBe(text);
  });

  test.for([
    // Go's time.Time.String(): trailing zeros trimmed, no fraction when it is zero.
    { ms: Date.UTC(2025, 9, 23, 17, 34), text: "2025-10-23 17:34:00 +0000 UTC" },
    { ms: Date.UTC(2025, 9, 19, 18, 33, 5, 244), text: "2025-10-19 18:33:05.244 +0000 UTC" },
    { ms: Date.UTC(2025, 9, 19, 18, 33, 5, 500), text: "2025-10-19 18:33:05.5 +0000 UTC" },
    { ms: Date.UTC(2025, 9, 19, 18, 33, 5, 250), text: "2025-10-19 18:33:05.25 +0000 UTC" },
    { ms: Date.UTC(2025, 9, 19, 18, 33, 5, 5), text: "2025-10-19 18:33:05.005 +0000 UTC" },
  ])("$ms → $text (trimmed)", ({ ms, text }, { expect }) => {
    expect(formatGoTime(ms, { fraction: "trimmed" })).toBe(text);
  });

  test("drops sub-millisecond parts as Date does", ({ expect }) => {
    expect(formatGoTime(1.9)).toBe("1970-01-01 00:00:00.001 +0000 UTC");
  });

  test.for([
    { name: "NaN", time: Number.NaN },
    { name: "an invalid Date", time: new Date("nope") },
    { name: "year 10000", time: MAX_MS + 1 },
    { name: "year -1", time: MIN_MS - 1 },
  ])("throws a core error for $name", ({ time }, { expect }) => {
    expect(() => formatGoTime(time)).toThrow(StratusCoreError);
  });
});

describe("parseGoTime", () => {
  test.for([
    // The spec's examples, every flavour (spec/management-api.md §6.1, openapi examples).
    { text: "2025-10-23 17:34:00.000 +0000 UTC", ms: Date.UTC(2025, 9, 23, 17, 34) },
    { text: "2025-10-19 18:33:05.244068975 +0000 UTC", ms: Date.UTC(2025, 9, 19, 18, 33, 5, 244) },
    { text: "2025-09-04 15:12:52.76649148 +0000 UTC", ms: Date.UTC(2025, 8, 4, 15, 12, 52, 766) },
    { text: "2023-05-22 10:59:23.426 +0000 UTC", ms: Date.UTC(2023, 4, 22, 10, 59, 23, 426) },
    { text: "2025-10-01 11:33:05.585757103 +0000 UTC", ms: Date.UTC(2025, 9, 1, 11, 33, 5, 585) },
    { text: "2025-10-23 17:34:00 +0000 UTC", ms: Date.UTC(2025, 9, 23, 17, 34) },
    { text: "2025-10-23 17:34:00.5 +0000 UTC", ms: Date.UTC(2025, 9, 23, 17, 34, 0, 500) },
    { text: "2024-02-29 00:00:00 +0000 UTC", ms: Date.UTC(2024, 1, 29) },
    { text: "0000-01-01 00:00:00 +0000 UTC", ms: MIN_MS },
    {
      text: "0099-06-15 12:00:00 +0000 UTC",
      ms: new Date(0).setUTCFullYear(99, 5, 15) + 12 * 3600e3,
    },
  ])("$text → $ms", ({ text, ms }, { expect }) => {
    expect(parseGoTime(text)).toBe(ms);
    expect(isGoTime(text)).toBe(true);
  });

  test.for([
    "",
    "2025-10-23T17:34:00.000Z",
    "2025-10-23 17:34:00.000 +0100 CET",
    "2025-10-23 17:34:00.000 +0000 UTC ",
    "2025-10-23 17:34:00. +0000 UTC",
    "2025-10-23 17:34:00.1234567890 +0000 UTC",
    "2025-10-23 17:34 +0000 UTC",
    "25-10-23 17:34:00 +0000 UTC",
    "2025-13-01 00:00:00 +0000 UTC",
    "2025-00-01 00:00:00 +0000 UTC",
    "2025-02-29 00:00:00 +0000 UTC",
    "2025-04-31 00:00:00 +0000 UTC",
    "2025-10-00 00:00:00 +0000 UTC",
    "2025-10-23 24:00:00 +0000 UTC",
    "2025-10-23 23:60:00 +0000 UTC",
    "2025-10-23 23:59:60 +0000 UTC",
    "2025-10-19 18:33:05.244068975 +0000 UTC m=+0.001",
  ])("rejects %j with a core error quoting it", (text, { expect }) => {
    expect(isGoTime(text)).toBe(false);
    expect(() => parseGoTime(text)).toThrow(StratusCoreError);
    expect(() => parseGoTime(text)).toThrow(JSON.stringify(text));
  });

  test("quotes a long input truncated", ({ expect }) => {
    expect(() => parseGoTime("x".repeat(500))).toThrow(`"${"x".repeat(64)}…"`);
  });
});

describe("formatGoTime and parseGoTime", () => {
  fcTest.prop([fc.integer({ min: MIN_MS, max: MAX_MS })])(
    "round-trip every millisecond of years 0000–9999",
    (ms) => parseGoTime(formatGoTime(ms)) === ms,
  );

  fcTest.prop([fc.integer({ min: MIN_MS, max: MAX_MS })])(
    "round-trip with the trimmed fraction too",
    (ms) => parseGoTime(formatGoTime(ms, { fraction: "trimmed" })) === ms,
  );

  fcTest.prop([fc.integer({ min: Date.UTC(1000, 0, 1), max: MAX_MS })])(
    "write what Date itself reads back (spec/management-api.md §6.1)",
    (ms) => new Date(formatGoTime(ms)).getTime() === ms,
  );

  fcTest.prop([fc.integer({ min: MIN_MS, max: MAX_MS }), fc.stringMatching(/^\d{1,9}$/)])(
    "parse any 1–9 digit fraction by truncating to milliseconds",
    (ms, digits) => {
      const base = ms - (((ms % 1000) + 1000) % 1000);
      const text = formatGoTime(base, { fraction: "trimmed" }).replace(
        " +0000",
        `.${digits} +0000`,
      );
      return parseGoTime(text) === base + Number(digits.padEnd(3, "0").slice(0, 3));
    },
  );
});

describe("GoTimeSchema", () => {
  test("accepts a Go time and keeps it a string", ({ expect }) => {
    expect(GoTimeSchema.parse("2025-10-23 17:34:00.000 +0000 UTC")).toBe(
      "2025-10-23 17:34:00.000 +0000 UTC",
    );
  });

  test("rejects other time formats and other types", ({ expect }) => {
    const wrongFormat = GoTimeSchema.safeParse("2025-10-23T17:34:00Z");
    expect(wrongFormat.success).toBe(false);
    expect(wrongFormat.error?.issues[0]?.message).toContain("expected a Go time");
    expect(GoTimeSchema.safeParse(1_700_000_000_000).success).toBe(false);
  });
});

describe("periodDatapoints", () => {
  const MinuteMs = 60_000;
  const HourMs = 60 * MinuteMs;
  const DayMs = 24 * HourMs;

  // spec/management-api.md §6.2.
  test.for([
    { period: "1h", count: 60, intervalMs: MinuteMs, spanMs: HourMs },
    { period: "3h", count: 60, intervalMs: 3 * MinuteMs, spanMs: 3 * HourMs },
    { period: "12h", count: 60, intervalMs: 12 * MinuteMs, spanMs: 12 * HourMs },
    { period: "1d", count: 60, intervalMs: 24 * MinuteMs, spanMs: DayMs },
    { period: "3d", count: 60, intervalMs: 72 * MinuteMs, spanMs: 3 * DayMs },
    { period: "7d", count: 60, intervalMs: 168 * MinuteMs, spanMs: 7 * DayMs },
    { period: "30d", count: 240, intervalMs: 3 * HourMs, spanMs: 30 * DayMs },
  ] as const satisfies readonly {
    period: StatsPeriod;
    count: number;
    intervalMs: number;
    spanMs: number;
  }[])("$period → $count points, $intervalMs ms apart", (row, { expect }) => {
    const points = periodDatapoints(row.period);
    expect(points).toEqual({ count: row.count, intervalMs: row.intervalMs });
    // The points cover exactly the period.
    expect(points.count * points.intervalMs).toBe(row.spanMs);
  });

  test("covers every period", ({ expect }) => {
    expect(STATS_PERIODS).toEqual(["1h", "3h", "12h", "1d", "3d", "7d", "30d"]);
    for (const period of STATS_PERIODS) {
      expect(periodDatapoints(period).count).toBe(period === "30d" ? 240 : 60);
    }
  });
});

describe("StatsQuerySchema", () => {
  test("defaults period to 1h", ({ expect }) => {
    expect(DEFAULT_STATS_PERIOD).toBe("1h");
    expect(StatsQuerySchema.parse({})).toEqual({ period: "1h" });
    expect(StatsQuerySchema.parse({ period: "30d" })).toEqual({ period: "30d" });
  });

  test.for(["2h", "1H", "", "30 d", "1w"])(
    "rejects period %j, naming the field",
    (period, { expect }) => {
      const result = StatsQuerySchema.safeParse({ period });
      expect(result.success).toBe(false);
      expect(result.error && formatZodIssue(result.error)).toBe(
        "period must be one of 1h, 3h, 12h, 1d, 3d, 7d, 30d",
      );
      expect(StatsPeriodSchema.safeParse(period).success).toBe(false);
    },
  );
});
