/**
 * Down-sampling and block-character rendering of a series, for the chart component. Pure, so the
 * chart's shape is tested without a terminal.
 */

/** Eight heights, lowest first (U+2581…U+2588). */
export const SPARK_LEVELS = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] as const;

/**
 * Reduces `values` to at most `width` points; each point is the maximum of its bucket, so a short
 * spike stays visible when 240 points of a 30d series share 40 columns.
 */
export function downsample(values: readonly number[], width: number): number[] {
  if (width <= 0) {
    return [];
  }
  if (values.length <= width) {
    return [...values];
  }
  const result: number[] = [];
  for (let column = 0; column < width; column++) {
    const from = Math.floor((column * values.length) / width);
    const to = Math.floor(((column + 1) * values.length) / width);
    let max = Number.NEGATIVE_INFINITY;
    for (let i = from; i < to; i++) {
      max = Math.max(max, values[i] ?? Number.NEGATIVE_INFINITY);
    }
    result.push(max);
  }
  return result;
}

/**
 * One line of block characters, one per value, scaled from 0 (or the minimum, if negative) to the
 * maximum. An all-zero series is a flat baseline, not a full bar.
 */
export function sparkline(values: readonly number[], width: number): string {
  const points = downsample(values, width);
  if (points.length === 0) {
    return "";
  }
  const low = Math.min(0, ...points);
  const high = Math.max(...points);
  const span = high - low;
  const top = SPARK_LEVELS.length - 1;
  return points
    .map((value) => {
      const level = span === 0 ? 0 : Math.round(((value - low) / span) * top);
      return SPARK_LEVELS[Math.min(top, Math.max(0, level))];
    })
    .join("");
}

/** Minimum, maximum, last and mean of a series; zeros for an empty one. */
export function summarize(values: readonly number[]): {
  readonly min: number;
  readonly max: number;
  readonly last: number;
  readonly mean: number;
} {
  if (values.length === 0) {
    return { min: 0, max: 0, last: 0, mean: 0 };
  }
  let sum = 0;
  for (const value of values) {
    sum += value;
  }
  return {
    min: Math.min(...values),
    max: Math.max(...values),
    last: values.at(-1) ?? 0,
    mean: sum / values.length,
  };
}
