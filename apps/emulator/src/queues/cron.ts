/**
 * Cron expressions of schedules (§2.9, https://upstash.com/docs/qstash/features/schedules): five
 * fields (minute hour day-of-month month day-of-week) with `*`, lists, ranges, steps and month and
 * day names, evaluated in UTC or in the IANA zone of a `CRON_TZ=<zone> ` prefix. Day-of-month and
 * day-of-week combine as in Vixie cron: when both are restricted, either matching is enough.
 */
import { badRequest } from "./errors.ts";

export interface CronSchedule {
  readonly source: string;
  readonly timeZone: string;
  readonly minutes: ReadonlySet<number>;
  readonly hours: ReadonlySet<number>;
  readonly days: ReadonlySet<number>;
  readonly months: ReadonlySet<number>;
  readonly weekdays: ReadonlySet<number>;
  readonly daysRestricted: boolean;
  readonly weekdaysRestricted: boolean;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

export function parseCron(source: string): CronSchedule {
  let text = source.trim();
  let timeZone = "UTC";
  const zone = /^CRON_TZ=(\S+)\s+/.exec(text);
  if (zone !== null) {
    timeZone = zone[1] ?? "UTC";
    text = text.slice(zone[0].length);
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
    } catch {
      badRequest(
        `invalid cron expression ${JSON.stringify(source)}: unknown time zone ${timeZone}`,
      );
    }
  }
  const fields = text.split(/\s+/);
  if (fields.length !== 5) {
    badRequest(
      `invalid cron expression ${JSON.stringify(source)}: want 5 fields (minute hour day month weekday), got ${fields.length}`,
    );
  }
  const [minute = "", hour = "", day = "", month = "", weekday = ""] = fields;
  const field = (spec: { text: string; min: number; max: number; names?: string[] }) =>
    parseField({ ...spec, source });
  const weekdays = field({ text: weekday, min: 0, max: 7, names: WEEKDAYS });
  if (weekdays.has(7)) {
    weekdays.add(0);
  }
  return {
    source,
    timeZone,
    minutes: field({ text: minute, min: 0, max: 59 }),
    hours: field({ text: hour, min: 0, max: 23 }),
    days: field({ text: day, min: 1, max: 31 }),
    months: field({ text: month, min: 1, max: 12, names: MONTHS }),
    weekdays,
    daysRestricted: day !== "*",
    weekdaysRestricted: weekday !== "*",
  };
}

function parseField(spec: {
  text: string;
  min: number;
  max: number;
  names?: string[];
  source: string;
}): Set<number> {
  const { min, max, names, source } = spec;
  const values = new Set<number>();
  const fail = (): never =>
    badRequest(`invalid cron expression ${JSON.stringify(source)}: bad field '${spec.text}'`);
  const value = (token: string): number => {
    const named = names?.indexOf(token.toLowerCase()) ?? -1;
    const number =
      named >= 0 ? named + (min === 1 ? 1 : 0) : /^\d+$/.test(token) ? Number(token) : NaN;
    return Number.isInteger(number) && number >= min && number <= max ? number : fail();
  };
  for (const part of spec.text.split(",")) {
    const [range = "", stepText] = part.split("/");
    const step = stepText === undefined ? 1 : /^\d+$/.test(stepText) ? Number(stepText) : fail();
    if (step < 1) {
      fail();
    }
    let from: number;
    let to: number;
    if (range === "*") {
      [from, to] = [min, max];
    } else if (range.includes("-")) {
      const [low = "", high = ""] = range.split("-");
      [from, to] = [value(low), value(high)];
    } else {
      from = value(range);
      to = stepText === undefined ? from : max;
    }
    if (from > to) {
      fail();
    }
    for (let current = from; current <= to; current += step) {
      values.add(current);
    }
  }
  return values;
}

interface WallTime {
  minute: number;
  hour: number;
  day: number;
  month: number;
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallTime(ms: number, timeZone: string): WallTime {
  if (timeZone === "UTC") {
    const date = new Date(ms);
    return {
      minute: date.getUTCMinutes(),
      hour: date.getUTCHours(),
      day: date.getUTCDate(),
      month: date.getUTCMonth() + 1,
      weekday: date.getUTCDay(),
    };
  }
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      minute: "numeric",
      hour: "numeric",
      day: "numeric",
      month: "numeric",
      weekday: "short",
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(ms)) {
    parts[part.type] = part.value;
  }
  return {
    minute: Number(parts["minute"]),
    hour: Number(parts["hour"]),
    day: Number(parts["day"]),
    month: Number(parts["month"]),
    weekday: WEEKDAYS.indexOf((parts["weekday"] ?? "").toLowerCase()),
  };
}

function dayMatches(schedule: CronSchedule, time: WallTime): boolean {
  const byDay = schedule.days.has(time.day);
  const byWeekday = schedule.weekdays.has(time.weekday);
  if (schedule.daysRestricted && schedule.weekdaysRestricted) {
    return byDay || byWeekday;
  }
  return byDay && byWeekday;
}

/** The first fire strictly after `afterMs` (epoch ms, whole minutes), within ~5 years. */
export function nextFire(schedule: CronSchedule, afterMs: number): number | undefined {
  let candidate = Math.floor(afterMs / 60_000) * 60_000 + 60_000;
  for (let step = 0; step < 200_000; step++) {
    const time = wallTime(candidate, schedule.timeZone);
    if (!schedule.months.has(time.month) || !dayMatches(schedule, time)) {
      candidate += ((23 - time.hour) * 60 + (60 - time.minute)) * 60_000;
    } else if (!schedule.hours.has(time.hour)) {
      candidate += (60 - time.minute) * 60_000;
    } else if (!schedule.minutes.has(time.minute)) {
      candidate += 60_000;
    } else {
      return candidate;
    }
  }
  return undefined;
}
