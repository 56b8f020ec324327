/**
 * Stats series (STYLE.md §7.6): a `period` becomes 60 points (240 at 3-hour steps for `30d`),
 * aligned to multiples of the step in UTC, the last one being the bucket that contains now
 * (`spec/management-api.md` §6.2 emulator choice). `x` is a Go UTC time (§6.1).
 */
import {
  formatGoTime,
  periodDatapoints,
  type StatsPeriod,
  type TimeSeries,
} from "@stratus/core/schemas";
import { DAY_MS } from "./buckets.ts";

/** One point's time range. */
export interface SeriesWindow {
  readonly startMs: number;
  readonly endMs: number;
}

/** The windows of `period` ending with the one that contains `nowMs`, oldest first. */
export function periodWindows(period: StatsPeriod, nowMs: number): SeriesWindow[] {
  const { count, intervalMs } = periodDatapoints(period);
  const lastStart = Math.floor(nowMs / intervalMs) * intervalMs;
  return Array.from({ length: count }, (_, index) => {
    const startMs = lastStart - (count - 1 - index) * intervalMs;
    return { startMs, endMs: startMs + intervalMs };
  });
}

/**
 * A period series: one point per window, `x` the window's start with exactly three fractional
 * digits, as the service writes sampled series (§6.1).
 */
export function periodSeries(
  period: StatsPeriod,
  nowMs: number,
  measure: (window: SeriesWindow) => number,
): TimeSeries {
  return periodWindows(period, nowMs).map((window) => ({
    x: formatGoTime(window.startMs),
    y: measure(window),
  }));
}

const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** One day of a daily series. */
export interface DailyWindow extends SeriesWindow {
  /** The point's `x`: now's wall-clock time shifted back by whole days (§6.1 daily flavour). */
  readonly x: string;
  /** The UTC weekday name, for `days`. */
  readonly weekday: string;
}

/** The last `days` UTC days, today last. */
export function dailyWindows(days: number, nowMs: number): DailyWindow[] {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, index) => {
    const back = days - 1 - index;
    const startMs = today - back * DAY_MS;
    return {
      startMs,
      endMs: startMs + DAY_MS,
      // Go's default `String()` trims the fraction; the service's daily points are wall-clock times.
      x: formatGoTime(nowMs - back * DAY_MS, { fraction: "trimmed" }),
      weekday: WEEKDAYS[new Date(startMs).getUTCDay()] ?? "",
    };
  });
}

/** The days of the current UTC month, for QStash's `days` (the whole month, future days too). */
export function monthDays(nowMs: number): DailyWindow[] {
  const now = new Date(nowMs);
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const count = Math.round((next - first) / DAY_MS);
  return Array.from({ length: count }, (_, index) => {
    const startMs = first + index * DAY_MS;
    return {
      startMs,
      endMs: startMs + DAY_MS,
      x: formatGoTime(startMs, { fraction: "trimmed" }),
      weekday: WEEKDAYS[new Date(startMs).getUTCDay()] ?? "",
    };
  });
}
