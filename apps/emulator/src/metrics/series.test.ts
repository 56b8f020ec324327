import { formatGoTime, parseGoTime, STATS_PERIODS } from "@stratus/core/schemas";
import { test } from "vitest";
import { dailyWindows, monthDays, periodSeries, periodWindows } from "./series.ts";

const NOW = Date.UTC(2026, 2, 2, 10, 7, 30, 250);

test.for(STATS_PERIODS)(
  "period %s: aligned windows, the last containing now",
  (period, { expect }) => {
    const windows = periodWindows(period, NOW);
    expect(windows).toHaveLength(period === "30d" ? 240 : 60);
    const step = (windows[0]?.endMs ?? 0) - (windows[0]?.startMs ?? 0);
    for (const window of windows) {
      expect(window.startMs % step).toBe(0);
      expect(window.endMs - window.startMs).toBe(step);
    }
    const last = windows.at(-1);
    expect(last?.startMs).toBeLessThanOrEqual(NOW);
    expect(last?.endMs).toBeGreaterThan(NOW);
  },
);

test("period series have the sampled form of x", ({ expect }) => {
  const series = periodSeries("1h", NOW, (window) => window.startMs);
  expect(series.at(-1)).toEqual({
    x: "2026-03-02 10:07:00.000 +0000 UTC",
    y: parseGoTime(series.at(-1)?.x ?? ""),
  });
  expect(series[0]?.x).toBe("2026-03-02 09:08:00.000 +0000 UTC");
});

test("daily windows: wall-clock x, weekday names, today last", ({ expect }) => {
  const days = dailyWindows(5, NOW);
  expect(days.map((day) => day.weekday)).toEqual([
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "Monday",
  ]);
  expect(days.at(-1)?.x).toBe(formatGoTime(NOW, { fraction: "trimmed" }));
  expect(days.at(-1)?.x).toBe("2026-03-02 10:07:30.25 +0000 UTC");
  expect(days[0]?.x).toBe("2026-02-26 10:07:30.25 +0000 UTC");
});

test("monthDays covers the whole month", ({ expect }) => {
  expect(monthDays(NOW)).toHaveLength(31);
  expect(monthDays(Date.UTC(2026, 1, 10))).toHaveLength(28);
  expect(monthDays(NOW)[0]?.weekday).toBe("Sunday");
});
