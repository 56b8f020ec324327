/**
 * The metrics recorder: routes and services call {@link MetricsRecorder.record} once per request
 * (STYLE.md §7.6), and `management/` reads windows, days and months back through the query
 * methods. Every timestamp comes from the injected `Clock`, so tests move time with a ManualClock.
 */
import { Bucket, BucketStream, DAY_MS, monthOf, type Tally } from "./buckets.ts";

/** The time source: the emulator's `Clock` (metrics/ imports nothing, STYLE.md §5.2). */
export interface MetricsClock {
  now(): number;
}

/** The kinds of measured resource (STYLE.md §7.6). */
export type MetricsResourceKind = "redis" | "vector" | "search" | "queue";

/** Which resource a sample belongs to; `id` is the name it is served under. */
export interface MetricsResource {
  readonly kind: MetricsResourceKind;
  readonly id: string;
}

/** One request's measurements. */
export interface UsageSample {
  readonly resource: MetricsResource;
  /**
   * What kind of work it was: `read`/`write` for key-value commands (from command metadata),
   * `query`/`upsert`/… for vector requests.
   */
  readonly op: string;
  /** Operations in the request (commands, vectors). @default 1 */
  readonly count?: number;
  /** Requests this sample stands for (a run of RESP requests), `latencyMs` their sum. @default 1 */
  readonly requests?: number;
  readonly latencyMs: number;
  readonly bytesIn: number;
  readonly bytesOut: number;
}

/** What a recorder is to its writers. */
export interface UsageSink {
  record(sample: UsageSample): void;
}

const resourceKey = (resource: MetricsResource): string => `${resource.kind}:${resource.id}`;

export class MetricsRecorder implements UsageSink {
  readonly clock: MetricsClock;
  /** `kind:id` → op → stream. */
  readonly resources = new Map<string, Map<string, BucketStream>>();
  /**
   * The streams of the resource last recorded, by the resource object it came with: a database
   * records every request with one object, so this skips building and hashing the `kind:id` key.
   * Cleared whenever `resources` loses an entry, so it never holds streams no longer listed.
   */
  #last: { resource: MetricsResource; streams: Map<string, BucketStream> } | undefined;

  constructor(options: { clock: MetricsClock }) {
    this.clock = options.clock;
  }

  record(sample: UsageSample): void {
    this.#stream(sample.resource, sample.op).add(
      {
        count: sample.count ?? 1,
        requests: sample.requests ?? 1,
        latencyMs: sample.latencyMs,
        bytesIn: sample.bytesIn,
        bytesOut: sample.bytesOut,
      },
      this.clock.now(),
    );
  }

  /** Records a level (vector count, data size) as of now, for the series that show it over time. */
  observe(resource: MetricsResource, name: string, value: number): void {
    this.#stream(resource, "gauge").observe(name, value, this.clock.now());
  }

  /** Everything recorded for `ops` of `resource` in `[startMs, endMs)`, merged. */
  window(
    resource: MetricsResource,
    ops: readonly string[],
    range: { readonly startMs: number; readonly endMs: number },
  ): Bucket {
    const now = this.clock.now();
    const [first, ...rest] = this.#streams(resource, ops).map((stream) =>
      stream.window(range.startMs, range.endMs, now),
    );
    const merged = first ?? new Bucket();
    for (const bucket of rest) {
      merged.merge(bucket);
    }
    return merged;
  }

  /** The last value of a gauge observed before `endMs`. */
  gaugeBefore(resource: MetricsResource, name: string, endMs: number): number | undefined {
    return this.resources.get(resourceKey(resource))?.get("gauge")?.gaugeBefore(name, endMs);
  }

  /** Totals of the UTC day containing `dayStartMs`. */
  day(resource: MetricsResource, ops: readonly string[], dayStartMs: number): Tally {
    return sumTallies(
      this.#streams(resource, ops).map((stream) => stream.day(Math.floor(dayStartMs / DAY_MS))),
    );
  }

  /** Totals of the current UTC month. */
  month(resource: MetricsResource, ops: readonly string[]): Tally {
    const month = monthOf(this.clock.now());
    return sumTallies(this.#streams(resource, ops).map((stream) => stream.month(month)));
  }

  /** Drops every resource's history (before a snapshot is loaded). */
  clear(): void {
    this.resources.clear();
    this.#last = undefined;
  }

  /** Drops a deleted resource's history, so a new one of the same name starts at zero. */
  forget(resource: MetricsResource): void {
    this.resources.delete(resourceKey(resource));
    this.#last = undefined;
  }

  /** Drops buckets past retention everywhere (streams otherwise prune only when written). */
  prune(): void {
    this.#last = undefined;
    const now = this.clock.now();
    for (const [key, streams] of this.resources) {
      for (const [op, stream] of streams) {
        stream.prune(now);
        if (stream.isEmpty) {
          streams.delete(op);
        }
      }
      if (streams.size === 0) {
        this.resources.delete(key);
      }
    }
  }

  #streams(resource: MetricsResource, ops: readonly string[]): BucketStream[] {
    const streams = this.resources.get(resourceKey(resource));
    if (streams === undefined) {
      return [];
    }
    return ops.flatMap((op) => {
      const stream = streams.get(op);
      return stream === undefined ? [] : [stream];
    });
  }

  #stream(resource: MetricsResource, op: string): BucketStream {
    const streams =
      this.#last?.resource === resource ? this.#last.streams : this.#streamsOf(resource);
    let stream = streams.get(op);
    if (stream === undefined) {
      stream = new BucketStream();
      streams.set(op, stream);
    }
    return stream;
  }

  #streamsOf(resource: MetricsResource): Map<string, BucketStream> {
    const key = resourceKey(resource);
    let streams = this.resources.get(key);
    if (streams === undefined) {
      streams = new Map();
      this.resources.set(key, streams);
    }
    this.#last = { resource, streams };
    return streams;
  }
}

function sumTallies(tallies: readonly Tally[]): Tally {
  const total: Tally = { count: 0, requests: 0, bytesIn: 0, bytesOut: 0 };
  for (const tally of tallies) {
    total.count += tally.count;
    total.requests += tally.requests;
    total.bytesIn += tally.bytesIn;
    total.bytesOut += tally.bytesOut;
  }
  return total;
}
