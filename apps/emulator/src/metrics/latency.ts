/**
 * A mergeable log-linear latency histogram (STYLE.md §7.6): the mean and p99 of any window come
 * from adding the histograms of its buckets, so no raw sample is kept and memory stays bounded.
 *
 * Values are microseconds. Below 16 µs each value has its own bin; above, every power of two is
 * split into 16 linear bins (as HdrHistogram does), so a reported percentile is within ~6 % of the
 * true value whatever the magnitude.
 */

/** Linear bins per power of two. */
const SUB_BINS = 16;
const SUB_BITS = 4;

/** Histogram bins by index → count; sparse, since a minute rarely spans many magnitudes. */
export type LatencyBins = Map<number, number>;

export class LatencyHistogram {
  /** Samples recorded. */
  count = 0;
  /** Sum of the samples, in milliseconds (exact, for the mean). */
  sumMs = 0;
  readonly bins: LatencyBins = new Map();

  /** Records `times` samples of `latencyMs` each. */
  record(latencyMs: number, times = 1): void {
    const value = Number.isFinite(latencyMs) && latencyMs > 0 ? latencyMs : 0;
    this.count += times;
    this.sumMs += value * times;
    const index = binOf(Math.round(value * 1000));
    this.bins.set(index, (this.bins.get(index) ?? 0) + times);
  }

  /** Adds `other`'s samples to this histogram. */
  merge(other: LatencyHistogram): void {
    this.count += other.count;
    this.sumMs += other.sumMs;
    for (const [index, count] of other.bins) {
      this.bins.set(index, (this.bins.get(index) ?? 0) + count);
    }
  }

  /** Mean latency in milliseconds; 0 with no samples. */
  meanMs(): number {
    return this.count === 0 ? 0 : this.sumMs / this.count;
  }

  /** The latency (ms) below which `fraction` of the samples fall, e.g. 0.99; 0 with no samples. */
  percentileMs(fraction: number): number {
    if (this.count === 0) {
      return 0;
    }
    const rank = Math.max(1, Math.ceil(fraction * this.count));
    let seen = 0;
    for (const index of [...this.bins.keys()].sort((a, b) => a - b)) {
      seen += this.bins.get(index) ?? 0;
      if (seen >= rank) {
        return binValue(index) / 1000;
      }
    }
    return 0;
  }
}

/** The bin of a value in microseconds. */
export function binOf(micros: number): number {
  if (micros < SUB_BINS) {
    return Math.max(0, micros);
  }
  const exponent = Math.floor(Math.log2(micros));
  const sub = Math.floor(micros / 2 ** (exponent - SUB_BITS)) - SUB_BINS;
  return SUB_BINS + (exponent - SUB_BITS) * SUB_BINS + sub;
}

/** The middle of a bin's range, in microseconds: what a percentile reports. */
export function binValue(index: number): number {
  if (index < SUB_BINS) {
    return index;
  }
  const exponent = Math.floor((index - SUB_BINS) / SUB_BINS) + SUB_BITS;
  const sub = (index - SUB_BINS) % SUB_BINS;
  const width = 2 ** (exponent - SUB_BITS);
  return (SUB_BINS + sub) * width + (width - 1) / 2;
}
