/**
 * Go-style timestamps and the stats `period` rule of the management API.
 *
 * The management API writes the `x` of every `TimeSeriesData` point the way Go prints a
 * `time.Time` in UTC (`spec/management-api.md` §6.1), and sizes every stats series by the `period`
 * query parameter (§6.2). Both rules live here, once, for the emulator's `metrics/series.ts` and the
 * client's decoders.
 */
import { z } from "zod";
import { StratusCoreError } from "../errors.ts";

/**
 * How {@link formatGoTime} writes the fraction of a second.
 *
 * * `"milliseconds"`: always exactly three digits (`17:34:00.000`), the form of the service's
 *   minute-aligned period series and of its older daily points (`spec/management-api.md` §6.1).
 * * `"trimmed"`: Go's own `time.Time.String()`: trailing zeros dropped, and the fraction and its dot
 *   omitted when it is zero (`17:34:00`, `17:34:00.5`, `17:34:00.25`).
 */
export type GoTimeFraction = "milliseconds" | "trimmed";

/** Options of {@link formatGoTime}. */
export interface FormatGoTimeOptions {
  /**
   * How the fraction of a second is written.
   * @default "milliseconds"
   */
  readonly fraction?: GoTimeFraction;
}

// `YYYY-MM-DD HH:MM:SS[.fraction] +0000 UTC`. Go prints up to 9 fractional digits (nanoseconds),
// trimmed of trailing zeros, so 1 to 9 digits occur on the wire ("…52.76649148 +0000 UTC").
const GO_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))? \+0000 UTC$/;

// Go's 4-digit year layout; outside it Go prints other widths, which the wire never carries.
const MIN_YEAR = 0;
const MAX_YEAR = 9999;

// How much of a rejected input an error message quotes (STYLE.md §12).
const QUOTED_INPUT_MAX_CHARS = 64;

/**
 * Writes `time` as Go prints a UTC `time.Time`: `YYYY-MM-DD HH:MM:SS[.fraction] +0000 UTC`.
 *
 * `time` is a `Date` or Unix milliseconds; sub-millisecond parts of a number are dropped, as `Date`
 * drops them. Throws {@link StratusCoreError} for an invalid date or a year outside 0000–9999.
 *
 * @example
 * formatGoTime(Date.UTC(2025, 9, 23, 17, 34)); // "2025-10-23 17:34:00.000 +0000 UTC"
 * formatGoTime(Date.UTC(2025, 9, 23, 17, 34), { fraction: "trimmed" }); // "2025-10-23 17:34:00 +0000 UTC"
 */
export function formatGoTime(time: Date | number, options: FormatGoTimeOptions = {}): string {
  const date = new Date(time instanceof Date ? time.getTime() : time);
  const ms = date.getTime();
  if (Number.isNaN(ms)) {
    throw new StratusCoreError(`Cannot format an invalid date as a Go time (got ${String(time)}).`);
  }
  const year = date.getUTCFullYear();
  if (year < MIN_YEAR || year > MAX_YEAR) {
    throw new StratusCoreError(
      `Cannot format year ${year} as a Go time: years must be between 0000 and 9999.`,
    );
  }
  const day = `${pad(year, 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
  const clock = `${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}`;
  return `${day} ${clock}${formatFraction(date.getUTCMilliseconds(), options.fraction ?? "milliseconds")} +0000 UTC`;
}

/**
 * Reads a Go UTC timestamp (`YYYY-MM-DD HH:MM:SS[.fraction] +0000 UTC`, 0 to 9 fractional digits)
 * and returns Unix milliseconds. Digits beyond the millisecond are truncated, as Go's
 * `UnixMilli()` does.
 *
 * Throws {@link StratusCoreError}, quoting the input, when the text is not in that form or names a
 * date that does not exist (`2025-02-30`, `24:00:00`).
 *
 * @example
 * parseGoTime("2025-10-19 18:33:05.244068975 +0000 UTC"); // 1760898785244
 */
export function parseGoTime(text: string): number {
  const ms = tryParseGoTime(text);
  if (ms === undefined) {
    throw new StratusCoreError(
      `Invalid Go time ${quote(text)}: expected "YYYY-MM-DD HH:MM:SS[.fraction] +0000 UTC".`,
    );
  }
  return ms;
}

/** Whether `text` is a Go UTC timestamp that {@link parseGoTime} accepts. */
export function isGoTime(text: string): boolean {
  return tryParseGoTime(text) !== undefined;
}

/**
 * A Go UTC timestamp string, such as the `x` of a `TimeSeriesData` point. The value stays a
 * string; turn it into milliseconds with {@link parseGoTime}.
 */
export const GoTimeSchema = z.string().refine(isGoTime, {
  error: 'expected a Go time such as "2025-10-23 17:34:00.000 +0000 UTC"',
});

/** A Go UTC timestamp string (the output of {@link GoTimeSchema}). */
export type GoTime = z.output<typeof GoTimeSchema>;

/**
 * The `period` values of the stats operations, shortest first (`spec/management-api.md` §6.2).
 * Only these seven exist.
 */
export const STATS_PERIODS = ["1h", "3h", "12h", "1d", "3d", "7d", "30d"] as const;

/** The `period` used when a stats request names none. */
export const DEFAULT_STATS_PERIOD = "1h" satisfies StatsPeriod;

/** One `period` value of a stats request; anything else is rejected (emulator choice: 400). */
export const StatsPeriodSchema = z.enum(STATS_PERIODS, {
  error: `period must be one of ${STATS_PERIODS.join(", ")}`,
});

/** One `period` value of a stats request. */
export type StatsPeriod = z.output<typeof StatsPeriodSchema>;

/**
 * The query of a stats operation (`GET /vector/index/{id}/stats?period=…` and its search, QStash
 * and Redis siblings); `period` defaults to `1h`.
 */
export const StatsQuerySchema = z.object({
  period: StatsPeriodSchema.default(DEFAULT_STATS_PERIOD),
});

/** A stats query as sent: `period` may be left out. */
export type StatsQueryInput = z.input<typeof StatsQuerySchema>;

/** A stats query as read: `period` is always set. */
export type StatsQuery = z.output<typeof StatsQuerySchema>;

/** How many points a stats series has and how far apart they are. */
export interface PeriodDatapoints {
  /** Number of points in the series. */
  readonly count: number;
  /** Distance between consecutive points, in milliseconds. */
  readonly intervalMs: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Points per period (`spec/management-api.md` §6.2): 60 points spread over the period, except
 * `30d`, which has 240 points at 3-hour intervals.
 */
const PERIOD_DATAPOINTS = {
  "1h": { count: 60, intervalMs: MINUTE_MS }, // one point per minute
  "3h": { count: 60, intervalMs: 3 * MINUTE_MS },
  "12h": { count: 60, intervalMs: 12 * MINUTE_MS },
  "1d": { count: 60, intervalMs: 24 * MINUTE_MS },
  "3d": { count: 60, intervalMs: 72 * MINUTE_MS },
  "7d": { count: 60, intervalMs: 168 * MINUTE_MS }, // 2 h 48 min
  "30d": { count: 240, intervalMs: 3 * HOUR_MS }, // the service's one exception
} as const satisfies Record<StatsPeriod, PeriodDatapoints>;

/**
 * The size of a stats series for `period`: 60 points over the period (`1h` → 60 × 1 min), except
 * `30d` → 240 points at 3-hour intervals (`spec/management-api.md` §6.2).
 */
export function periodDatapoints(period: StatsPeriod): PeriodDatapoints {
  return PERIOD_DATAPOINTS[period];
}

function tryParseGoTime(text: string): number | undefined {
  const match = GO_TIME_PATTERN.exec(text);
  if (match === null) {
    return undefined;
  }
  const [, year, month, day, hours, minutes, seconds, fraction = ""] = match;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hours);
  const mi = Number(minutes);
  const s = Number(seconds);
  // Go never prints a leap second or hour 24, so the fields must name a real instant.
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) {
    return undefined;
  }
  // Keep milliseconds only: "244068975" → 244, "5" → 500.
  const ms = Number(fraction.padEnd(3, "0").slice(0, 3));
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

function daysInMonth(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0); // day 0 of the next month is the last day of this one
  return date.getUTCDate();
}

function formatFraction(ms: number, fraction: GoTimeFraction): string {
  switch (fraction) {
    case "milliseconds":
      return `.${pad(ms, 3)}`;
    case "trimmed":
      return ms === 0 ? "" : `.${pad(ms, 3).replace(/0+$/, "")}`;
    default:
      return assertNever(fraction);
  }
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

function quote(text: string): string {
  const shown =
    text.length > QUOTED_INPUT_MAX_CHARS ? `${text.slice(0, QUOTED_INPUT_MAX_CHARS)}…` : text;
  return JSON.stringify(shown);
}

function assertNever(value: never): never {
  throw new StratusCoreError(`Unexpected value ${String(value)}.`);
}
