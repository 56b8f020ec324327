/**
 * The metrics codec (STYLE.md §7.5): the recorder's buckets as one JSON snapshot. The store that
 * holds it is opened by `management/metrics-store.ts` (metrics/ imports nothing, §5.2).
 */
import { Bucket, BucketStream, type Tally } from "./buckets.ts";
import type { MetricsRecorder } from "./recorder.ts";

/** Format version of the snapshot, checked on load. */
const FORMAT_VERSION = 1;

type EncodedBucket = [
  index: number,
  tally: Tally,
  latency: { count: number; sumMs: number; bins: [number, number][] },
  gauges: [string, number][],
];

interface EncodedStream {
  minutes: EncodedBucket[];
  threeHours: EncodedBucket[];
  days: [number, Tally][];
  months: [number, Tally][];
}

interface EncodedMetrics {
  version: number;
  resources: [key: string, streams: [op: string, stream: EncodedStream][]][];
}

export function encodeMetrics(recorder: MetricsRecorder): Uint8Array {
  const encoded: EncodedMetrics = {
    version: FORMAT_VERSION,
    resources: [...recorder.resources].map(([key, streams]) => [
      key,
      [...streams].map(([op, stream]) => [op, encodeStream(stream)]),
    ]),
  };
  return new TextEncoder().encode(JSON.stringify(encoded));
}

/** Replaces the recorder's contents with a snapshot's. */
export function decodeMetrics(recorder: MetricsRecorder, bytes: Uint8Array): void {
  const decoded = JSON.parse(new TextDecoder().decode(bytes)) as EncodedMetrics;
  if (decoded.version !== FORMAT_VERSION) {
    throw new Error(`unsupported metrics snapshot version ${String(decoded.version)}`);
  }
  recorder.clear();
  for (const [key, streams] of decoded.resources) {
    recorder.resources.set(
      key,
      new Map(streams.map(([op, stream]) => [op, decodeStream(stream)] as const)),
    );
  }
}

function encodeStream(stream: BucketStream): EncodedStream {
  const buckets = (map: Map<number, Bucket>): EncodedBucket[] =>
    [...map].map(([index, bucket]) => [
      index,
      bucket.tally,
      {
        count: bucket.latency.count,
        sumMs: bucket.latency.sumMs,
        bins: [...bucket.latency.bins],
      },
      [...bucket.gauges],
    ]);
  return {
    minutes: buckets(stream.minutes),
    threeHours: buckets(stream.threeHours),
    days: [...stream.days],
    months: [...stream.months],
  };
}

function decodeStream(encoded: EncodedStream): BucketStream {
  const stream = new BucketStream();
  const fill = (map: Map<number, Bucket>, buckets: EncodedBucket[]): void => {
    for (const [index, tally, latency, gauges] of buckets) {
      const bucket = new Bucket();
      Object.assign(bucket.tally, tally);
      bucket.latency.count = latency.count;
      bucket.latency.sumMs = latency.sumMs;
      for (const [bin, count] of latency.bins) {
        bucket.latency.bins.set(bin, count);
      }
      for (const [name, value] of gauges) {
        bucket.gauges.set(name, value);
      }
      map.set(index, bucket);
    }
  };
  fill(stream.minutes, encoded.minutes);
  fill(stream.threeHours, encoded.threeHours);
  for (const [day, tally] of encoded.days) {
    stream.days.set(day, { ...tally });
  }
  for (const [month, tally] of encoded.months) {
    stream.months.set(month, { ...tally });
  }
  return stream;
}
