/**
 * Which field of a stats response is shown how: every field of `VectorStats` (management-api.md
 * §6.3) and `DatabaseStats` (§6.4), as counters or as charted series. The stats screens render
 * these tables, so a field added here shows up with no screen change.
 */
import type { DatabaseStats, TimeSeries, VectorStats } from "@stratus/core/schemas";
import { formatBytes, formatCount, formatMoney, formatMs } from "./format.ts";

/** How a value is printed. */
export type ValueFormat = "count" | "bytes" | "money" | "ms" | "flag";

/** A scalar field. */
export interface CounterField<TStats> {
  readonly key: keyof TStats & string;
  readonly label: string;
  readonly format: ValueFormat;
}

/** A time-series field. */
export interface SeriesField<TStats> {
  readonly key: keyof TStats & string;
  readonly label: string;
  readonly format: ValueFormat;
  /**
   * The emulator cannot observe it and sends zeros (its `management/stats.ts` says why): an
   * all-zero series of such a field is drawn as "not observed", not as a flat line.
   */
  readonly emulatorUnobserved?: true;
}

/** Prints `value` in `format`. */
export function formatValue(value: unknown, format: ValueFormat): string {
  if (typeof value === "boolean") {
    return value ? "yes" : "no";
  }
  if (typeof value !== "number") {
    return "–";
  }
  switch (format) {
    case "count":
      return formatCount(value);
    case "bytes":
      return formatBytes(value);
    case "money":
      return formatMoney(value);
    case "ms":
      return formatMs(value);
    case "flag":
      return value === 0 ? "no" : "yes";
    default:
      return assertNever(format);
  }
}

function assertNever(value: never): never {
  throw new TypeError(`Unexpected value format: ${String(value)}`);
}

/** The `y` values of a series field; a lone point (`monitor_count`, §6.4) is a series of one. */
export function seriesValues(value: unknown): number[] {
  const points: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const values: number[] = [];
  for (const point of points) {
    const y = (point as { y?: unknown } | null)?.y;
    // §6.1: the newest sample's `y` may be null on the service; skip it rather than chart a zero.
    if (typeof y === "number") {
      values.push(y);
    }
  }
  return values;
}

/** `VectorStats` counters (§6.3). */
export const VECTOR_COUNTERS: readonly CounterField<VectorStats>[] = [
  { key: "current_vector_count", label: "vectors", format: "count" },
  { key: "pending_index_count", label: "pending", format: "count" },
  { key: "storage_usage", label: "storage", format: "bytes" },
  { key: "daily_query_count", label: "queries today", format: "count" },
  { key: "daily_update_count", label: "updates today", format: "count" },
  { key: "daily_rerank_count", label: "reranks today", format: "count" },
  { key: "monthly_query_count", label: "queries/month", format: "count" },
  { key: "monthly_update_count", label: "updates/month", format: "count" },
  { key: "monthly_rerank_count", label: "reranks/month", format: "count" },
  { key: "monthly_bandwidth_usage", label: "bandwidth/month", format: "bytes" },
  { key: "monthly_cost", label: "cost/month", format: "money" },
];

/** `VectorStats` series: period series first, then the daily ones (§6.3). */
export const VECTOR_SERIES: readonly SeriesField<VectorStats>[] = [
  { key: "query_throughput", label: "query throughput", format: "count" },
  { key: "update_throughput", label: "update throughput", format: "count" },
  { key: "query_latency_mean", label: "query latency mean", format: "ms" },
  { key: "query_latency_99", label: "query latency p99", format: "ms" },
  { key: "update_latency_mean", label: "update latency mean", format: "ms" },
  { key: "update_latency_99", label: "update latency p99", format: "ms" },
  {
    key: "embeds_latency_mean",
    label: "embed latency mean",
    format: "ms",
    emulatorUnobserved: true,
  },
  { key: "embeds_latency_99", label: "embed latency p99", format: "ms", emulatorUnobserved: true },
  {
    key: "rerank_latency_mean",
    label: "rerank latency mean",
    format: "ms",
    emulatorUnobserved: true,
  },
  { key: "rerank_latency_99", label: "rerank latency p99", format: "ms", emulatorUnobserved: true },
  { key: "vector_count", label: "vector count", format: "count" },
  { key: "data_size", label: "data size", format: "bytes" },
  { key: "daily_query_requests", label: "daily queries", format: "count" },
  { key: "daily_update_requests", label: "daily updates", format: "count" },
  {
    key: "daily_rerank_requests",
    label: "daily reranks",
    format: "count",
    emulatorUnobserved: true,
  },
  { key: "daily_bandwidths", label: "daily bandwidth", format: "bytes" },
];

/** `DatabaseStats` counters (§6.4). */
export const DATABASE_COUNTERS: readonly CounterField<DatabaseStats>[] = [
  { key: "current_storage", label: "storage", format: "bytes" },
  { key: "daily_net_commands", label: "commands today", format: "count" },
  { key: "daily_read_requests", label: "reads today", format: "count" },
  { key: "daily_write_requests", label: "writes today", format: "count" },
  { key: "dailybandwidth", label: "bandwidth today", format: "bytes" },
  { key: "total_monthly_requests", label: "requests/month", format: "count" },
  { key: "total_monthly_read_requests", label: "reads/month", format: "count" },
  { key: "total_monthly_write_requests", label: "writes/month", format: "count" },
  { key: "total_monthly_script_requests", label: "scripts/month", format: "count" },
  { key: "total_monthly_bandwidth", label: "bandwidth/month", format: "bytes" },
  { key: "total_monthly_storage", label: "storage/month", format: "bytes" },
  { key: "total_monthly_billing", label: "billing/month", format: "money" },
  { key: "queue_optimized", label: "queue optimized", format: "flag" },
];

/** `DatabaseStats` series (§6.4); `command_counts` is charted per command by the screen. */
export const DATABASE_SERIES: readonly SeriesField<DatabaseStats>[] = [
  { key: "throughput", label: "throughput", format: "count" },
  { key: "read", label: "reads", format: "count" },
  { key: "write", label: "writes", format: "count" },
  { key: "hits", label: "hits", format: "count", emulatorUnobserved: true },
  { key: "misses", label: "misses", format: "count", emulatorUnobserved: true },
  { key: "latencymean", label: "latency mean", format: "ms" },
  { key: "latency_99", label: "latency p99", format: "ms" },
  { key: "read_latency_mean", label: "read latency mean", format: "ms" },
  { key: "read_latency_99", label: "read latency p99", format: "ms" },
  { key: "write_latency_mean", label: "write latency mean", format: "ms" },
  { key: "write_latency_99", label: "write latency p99", format: "ms" },
  { key: "connection_count", label: "connections", format: "count", emulatorUnobserved: true },
  { key: "keyspace", label: "keys", format: "count" },
  { key: "diskusage", label: "disk usage", format: "bytes" },
  { key: "monitor_count", label: "monitors", format: "count", emulatorUnobserved: true },
  { key: "dailyrequests", label: "daily requests", format: "count" },
  { key: "dailybilling", label: "daily billing", format: "money" },
  { key: "bandwidths", label: "daily bandwidth", format: "bytes" },
];

/** A chart row built from a response. */
export interface ChartRow {
  readonly label: string;
  readonly values: readonly number[];
  readonly format: ValueFormat;
  /** All zero, in a series the emulator cannot observe: drawn as such, not as a flat line. */
  readonly isUnobserved?: boolean;
}

function chartRow<TStats>(field: SeriesField<TStats>, values: readonly number[]): ChartRow {
  const isUnobserved = field.emulatorUnobserved === true && values.every((value) => value === 0);
  return { label: field.label, values, format: field.format, isUnobserved };
}

/** The chart rows of a database's stats: the fixed series, then one per command. */
export function databaseChartRows(stats: DatabaseStats): ChartRow[] {
  const rows: ChartRow[] = DATABASE_SERIES.map((field) =>
    chartRow(field, seriesValues(stats[field.key])),
  );
  for (const count of stats.command_counts ?? []) {
    rows.push({
      label: `cmd ${count.metric_identifier}`,
      values: seriesValues(count.data_points),
      format: "count",
    });
  }
  return rows;
}

/** The chart rows of a vector index's stats. */
export function vectorChartRows(stats: VectorStats): ChartRow[] {
  return VECTOR_SERIES.map((field) =>
    chartRow(field, seriesValues(stats[field.key] as TimeSeries | undefined)),
  );
}
