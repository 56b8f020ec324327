/**
 * Time buckets of one measured stream (a resource's operation kind): minute buckets for 7 days and
 * 3-hour buckets for 30 days, each with a count, byte sums and a latency histogram, plus daily and
 * monthly totals that roll over at UTC boundaries (STYLE.md §7.6). Older buckets are dropped as
 * time moves on, so memory is bounded by the retention, not by the traffic.
 */
import { LatencyHistogram } from "./latency.ts";

export const MINUTE_MS = 60_000;
export const THREE_HOURS_MS = 3 * 60 * MINUTE_MS;
export const DAY_MS = 24 * 60 * MINUTE_MS;
/** How long minute buckets are kept: enough for the `7d` period (60 × 168 min). */
export const MINUTE_RETENTION_MS = 7 * DAY_MS + 168 * MINUTE_MS;
/** How long 3-hour buckets are kept: the `30d` period (240 × 3 h). */
export const THREE_HOUR_RETENTION_MS = 30 * DAY_MS + THREE_HOURS_MS;
/** Daily totals kept: a month and a little, for the daily series. */
const DAYS_KEPT = 35;
/** Monthly totals kept: this month and the previous one. */
const MONTHS_KEPT = 2;

/** Sums over a window. */
export interface Tally {
  /** Operations (commands, vectors, queries) counted. */
  count: number;
  /** Recorded samples (requests). */
  requests: number;
  bytesIn: number;
  bytesOut: number;
}

export const emptyTally = (): Tally => ({ count: 0, requests: 0, bytesIn: 0, bytesOut: 0 });

/** One bucket: sums and a latency histogram, and the last value of each gauge seen in it. */
export class Bucket {
  readonly tally: Tally = emptyTally();
  readonly latency = new LatencyHistogram();
  readonly gauges = new Map<string, number>();

  merge(other: Bucket): void {
    addTally(this.tally, other.tally);
    this.latency.merge(other.latency);
    for (const [name, value] of other.gauges) {
      this.gauges.set(name, value);
    }
  }
}

/** One measured sample. */
export interface StreamSample {
  readonly count: number;
  /** Requests it stands for; `latencyMs` is their sum. */
  readonly requests: number;
  readonly latencyMs: number;
  readonly bytesIn: number;
  readonly bytesOut: number;
}

export function addTally(target: Tally, source: Tally): void {
  target.count += source.count;
  target.requests += source.requests;
  target.bytesIn += source.bytesIn;
  target.bytesOut += source.bytesOut;
}

/** The UTC month of `ms` as `year * 12 + month`. */
export function monthOf(ms: number): number {
  const date = new Date(ms);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

export class BucketStream {
  /** Minute index (ms / 60 000) → bucket. Maps keep insertion order, oldest first. */
  readonly minutes = new Map<number, Bucket>();
  /** 3-hour index → bucket. */
  readonly threeHours = new Map<number, Bucket>();
  /** UTC day index → totals. */
  readonly days = new Map<number, Tally>();
  /** `year * 12 + month` → totals. */
  readonly months = new Map<number, Tally>();

  /**
   * Called once per request: no allocation unless a new bucket, day or month begins, and no map
   * lookup within a minute, since a minute lies in one 3-hour bucket, one day and one month.
   */
  add(sample: StreamSample, nowMs: number): void {
    const minute = Math.floor(nowMs / MINUTE_MS);
    const current =
      this.#current?.minute === minute ? this.#current : this.#enterMinute(minute, nowMs);
    addSample(current.minuteBucket, sample);
    addSample(current.threeHourBucket, sample);
    addSampleTally(current.day, sample);
    addSampleTally(current.month, sample);
  }

  /** Prunes (as every minute) and finds the buckets and totals `add` writes to in `minute`. */
  #enterMinute(minute: number, nowMs: number): CurrentMinute {
    this.prune(nowMs);
    const day = Math.floor(nowMs / DAY_MS);
    const current: CurrentMinute = {
      minute,
      minuteBucket: this.#minute(nowMs),
      threeHourBucket: this.#threeHour(nowMs),
      day: getOrSet(this.days, day, emptyTally),
      month: getOrSet(this.months, this.#monthOfDay(day, nowMs), emptyTally),
    };
    this.#current = current;
    return current;
  }

  /** A UTC day lies in one month, so the month (a `Date`) is computed once a day. */
  #monthOfDay(day: number, nowMs: number): number {
    if (day !== this.#cachedDay) {
      this.#cachedDay = day;
      this.#cachedMonth = monthOf(nowMs);
    }
    return this.#cachedMonth;
  }

  /** Records a gauge (a level such as a vector count) as seen at `nowMs`. */
  observe(name: string, value: number, nowMs: number): void {
    this.#minute(nowMs).gauges.set(name, value);
    this.#threeHour(nowMs).gauges.set(name, value);
    this.prune(nowMs);
  }

  /**
   * Everything recorded in `[startMs, endMs)`, merged. Minute buckets answer windows they still
   * cover; older windows come from the 3-hour buckets.
   */
  window(startMs: number, endMs: number, nowMs: number): Bucket {
    const merged = new Bucket();
    const useMinutes = startMs >= nowMs - MINUTE_RETENTION_MS;
    const [buckets, sizeMs] = useMinutes
      ? [this.minutes, MINUTE_MS]
      : [this.threeHours, THREE_HOURS_MS];
    const first = Math.ceil(startMs / sizeMs);
    const end = Math.ceil(endMs / sizeMs);
    // Look the window's buckets up by index, or scan the map when that is shorter: a stats
    // request asks for up to 240 windows of ~20 series, so this is the hot path.
    if (end - first <= buckets.size) {
      for (let index = first; index < end; index++) {
        const bucket = buckets.get(index);
        if (bucket !== undefined) {
          merged.merge(bucket);
        }
      }
    } else {
      for (const [index, bucket] of buckets) {
        if (index >= first && index < end) {
          merged.merge(bucket);
        }
      }
    }
    return merged;
  }

  /**
   * The last value of a gauge observed before `endMs`, or undefined. A 3-hour bucket counts only
   * once it has ended by `endMs` (its value may have been seen at its end); minute buckets, finer,
   * count from their start.
   */
  gaugeBefore(name: string, endMs: number): number | undefined {
    let latest: { atMs: number; value: number } | undefined;
    const consider = (atMs: number, value: number | undefined): void => {
      if (value !== undefined && (latest === undefined || atMs >= latest.atMs)) {
        latest = { atMs, value };
      }
    };
    for (const [index, bucket] of this.threeHours) {
      const bucketEnd = (index + 1) * THREE_HOURS_MS;
      if (bucketEnd <= endMs) {
        consider(bucketEnd - 1, bucket.gauges.get(name));
      }
    }
    for (const [index, bucket] of this.minutes) {
      if (index * MINUTE_MS < endMs) {
        consider(index * MINUTE_MS, bucket.gauges.get(name));
      }
    }
    return latest?.value;
  }

  day(dayIndex: number): Tally {
    return { ...(this.days.get(dayIndex) ?? emptyTally()) };
  }

  month(month: number): Tally {
    return { ...(this.months.get(month) ?? emptyTally()) };
  }

  /** The minute last pruned at: pruning more than once a minute finds nothing to drop. */
  #prunedMinute = Number.NEGATIVE_INFINITY;
  #cachedDay = Number.NaN;
  #cachedMonth = 0;
  /** Where `add` writes; dropped whenever pruning runs, so it never holds a bucket pruned away. */
  #current: CurrentMinute | undefined;

  /** Drops what fell out of retention. */
  prune(nowMs: number): void {
    const minute = Math.floor(nowMs / MINUTE_MS);
    if (minute === this.#prunedMinute) {
      return;
    }
    this.#prunedMinute = minute;
    this.#current = undefined;
    dropBefore(this.minutes, Math.floor((nowMs - MINUTE_RETENTION_MS) / MINUTE_MS));
    dropBefore(this.threeHours, Math.floor((nowMs - THREE_HOUR_RETENTION_MS) / THREE_HOURS_MS));
    dropBefore(this.days, Math.floor(nowMs / DAY_MS) - DAYS_KEPT);
    dropBefore(this.months, monthOf(nowMs) - MONTHS_KEPT + 1);
  }

  get isEmpty(): boolean {
    return this.minutes.size === 0 && this.threeHours.size === 0 && this.months.size === 0;
  }

  #minute(nowMs: number): Bucket {
    return getOrSet(this.minutes, Math.floor(nowMs / MINUTE_MS), newBucket);
  }

  #threeHour(nowMs: number): Bucket {
    return getOrSet(this.threeHours, Math.floor(nowMs / THREE_HOURS_MS), newBucket);
  }
}

/** The buckets and totals of one minute's samples. */
interface CurrentMinute {
  readonly minute: number;
  readonly minuteBucket: Bucket;
  readonly threeHourBucket: Bucket;
  readonly day: Tally;
  readonly month: Tally;
}

const newBucket = (): Bucket => new Bucket();

function addSample(bucket: Bucket, sample: StreamSample): void {
  addSampleTally(bucket.tally, sample);
  bucket.latency.record(sample.latencyMs / sample.requests, sample.requests);
}

function addSampleTally(tally: Tally, sample: StreamSample): void {
  tally.count += sample.count;
  tally.requests += sample.requests;
  tally.bytesIn += sample.bytesIn;
  tally.bytesOut += sample.bytesOut;
}

function getOrSet<TValue>(map: Map<number, TValue>, key: number, create: () => TValue): TValue {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

/**
 * Drops keys below `firstKept`. Keys are inserted as time moves forward, so the map's order is
 * (almost always) ascending and the scan stops at the first key kept; a key inserted out of order
 * (a clock set back) waits until those before it go.
 */
function dropBefore(map: Map<number, unknown>, firstKept: number): void {
  for (const key of map.keys()) {
    if (key >= firstKept) {
      return;
    }
    map.delete(key);
  }
}
