/**
 * Stats responses computed from the metrics recorder (`spec/management-api.md` §6): vector and
 * search (`VectorStats`, §6.3), Redis (`DatabaseStats`, §6.4) and QStash (§6.5). Only the recorder's
 * query API is used (STYLE.md §7.6).
 *
 * Units (emulator choices, the service documents none): throughput series are operations per
 * second averaged over each point's interval; count series (`read`, `write`, daily requests) are
 * operations per interval; latencies are milliseconds; sizes and bandwidth are bytes.
 */
import type {
  DatabaseStats,
  GlobalStats,
  QStashStats,
  StatsPeriod,
  TimeSeries,
  VectorStats,
} from "@stratus/core/schemas";
import type { MetricsRecorder, MetricsResource } from "../metrics/recorder.ts";
import { dailyWindows, monthDays, periodSeries, type SeriesWindow } from "../metrics/series.ts";
import { qstashCost, redisCost, vectorCost } from "./pricing.ts";

/** Vector operations that read (the service bills and charts them as queries). */
const VECTOR_QUERY_OPS = ["query", "fetch", "range"] as const;
/** Vector operations that write. */
const VECTOR_UPDATE_OPS = ["upsert", "update", "delete", "reset"] as const;
/** Every vector operation, for bandwidth. */
const VECTOR_ALL_OPS = [...VECTOR_QUERY_OPS, ...VECTOR_UPDATE_OPS, "info", "namespace", "other"];
/** Documents re-ranked by search queries (`reranking: true`), counted in documents. */
const RERANK_OPS = ["rerank"] as const;
const REDIS_OPS = ["read", "write"] as const;
/** Days in the daily series (the spec's examples and Redis's "last 5 days"). */
const DAILY_POINTS = 5;

/** What a stats view needs besides the recorder. */
interface StatsContext {
  readonly recorder: MetricsRecorder;
  readonly resource: MetricsResource;
  readonly period: StatsPeriod;
  readonly plan: string;
}

/** Current levels of a vector or search index. */
export interface IndexLevels {
  readonly vectorCount: number;
  readonly pendingVectorCount: number;
  readonly storageBytes: number;
}

function series(context: StatsContext, value: (window: SeriesWindow) => number): TimeSeries {
  return periodSeries(context.period, context.recorder.clock.now(), value);
}

function throughput(context: StatsContext, ops: readonly string[]): TimeSeries {
  return series(context, (window) => {
    const { count } = context.recorder.window(context.resource, ops, window).tally;
    return count / ((window.endMs - window.startMs) / 1000);
  });
}

function counts(context: StatsContext, ops: readonly string[]): TimeSeries {
  return series(
    context,
    (window) => context.recorder.window(context.resource, ops, window).tally.count,
  );
}

function latency(context: StatsContext, ops: readonly string[], which: "mean" | "p99"): TimeSeries {
  return series(context, (window) => {
    const histogram = context.recorder.window(context.resource, ops, window).latency;
    return which === "mean" ? histogram.meanMs() : histogram.percentileMs(0.99);
  });
}

function zeros(context: StatsContext): TimeSeries {
  return series(context, () => 0);
}

/** A gauge over the period: the last value seen up to each point, now's value last. */
function gauge(context: StatsContext, name: string, current: number): TimeSeries {
  const { recorder, resource } = context;
  recorder.observe(resource, name, current);
  return series(context, (window) => recorder.gaugeBefore(resource, name, window.endMs) ?? 0);
}

function daily(
  context: StatsContext,
  ops: readonly string[],
  value: (tally: { count: number; bytesIn: number; bytesOut: number }) => number,
): TimeSeries {
  const now = context.recorder.clock.now();
  return dailyWindows(DAILY_POINTS, now).map((day) => ({
    x: day.x,
    y: value(context.recorder.day(context.resource, ops, day.startMs)),
  }));
}

const bytesOf = (tally: { bytesIn: number; bytesOut: number }): number =>
  tally.bytesIn + tally.bytesOut;

/** `VectorStats` of a vector or search index (§6.3): every field. */
export function vectorStats(context: StatsContext, levels: IndexLevels): VectorStats {
  const { recorder, resource } = context;
  const now = recorder.clock.now();
  const today = recorder.day(resource, VECTOR_QUERY_OPS, now);
  const todayUpdates = recorder.day(resource, VECTOR_UPDATE_OPS, now);
  const monthQueries = recorder.month(resource, VECTOR_QUERY_OPS);
  const monthUpdates = recorder.month(resource, VECTOR_UPDATE_OPS);
  const monthAll = recorder.month(resource, VECTOR_ALL_OPS);
  return {
    pending_index_count: levels.pendingVectorCount,
    current_vector_count: levels.vectorCount,
    daily_query_count: today.count,
    daily_update_count: todayUpdates.count,
    monthly_query_count: monthQueries.count,
    monthly_update_count: monthUpdates.count,
    monthly_bandwidth_usage: bytesOf(monthAll),
    storage_usage: levels.storageBytes,
    monthly_cost: vectorCost(context.plan, {
      requests: monthQueries.requests + monthUpdates.requests,
      storageBytes: levels.storageBytes,
    }),
    daily_update_requests: daily(context, VECTOR_UPDATE_OPS, (tally) => tally.count),
    daily_query_requests: daily(context, VECTOR_QUERY_OPS, (tally) => tally.count),
    daily_bandwidths: daily(context, VECTOR_ALL_OPS, bytesOf),
    days: dailyWindows(DAILY_POINTS, now).map((day) => day.weekday),
    query_throughput: throughput(context, VECTOR_QUERY_OPS),
    update_throughput: throughput(context, VECTOR_UPDATE_OPS),
    query_latency_mean: latency(context, VECTOR_QUERY_OPS, "mean"),
    query_latency_99: latency(context, VECTOR_QUERY_OPS, "p99"),
    update_latency_mean: latency(context, VECTOR_UPDATE_OPS, "mean"),
    update_latency_99: latency(context, VECTOR_UPDATE_OPS, "p99"),
    // Emulator difference: embedding runs inside query and upsert requests and is not timed
    // apart, so these series are zero.
    embeds_latency_mean: zeros(context),
    embeds_latency_99: zeros(context),
    vector_count: gauge(context, "vector_count", levels.vectorCount),
    data_size: gauge(context, "data_size", levels.storageBytes),
    daily_rerank_count: recorder.day(resource, RERANK_OPS, now).count,
    monthly_rerank_count: recorder.month(resource, RERANK_OPS).count,
    daily_rerank_requests: daily(context, RERANK_OPS, (tally) => tally.count),
    rerank_latency_mean: latency(context, RERANK_OPS, "mean"),
    rerank_latency_99: latency(context, RERANK_OPS, "p99"),
  };
}

/** `DatabaseStats` of a key-value database (§6.4): every field. */
export function databaseStats(
  context: StatsContext,
  levels: { readonly keyCount: number; readonly storageBytes?: number | undefined },
): DatabaseStats {
  const { recorder, resource, plan } = context;
  const now = recorder.clock.now();
  const today = (op: string): number => recorder.day(resource, [op], now).count;
  const month = recorder.month(resource, REDIS_OPS);
  const storage = levels.storageBytes ?? 0;
  const dailyCost = (tally: { count: number; bytesIn: number; bytesOut: number }): number =>
    redisCost(plan, { commands: tally.count, bandwidthBytes: bytesOf(tally) });
  return {
    // Emulator difference: REST has no connections and MONITOR sessions are not counted.
    monitor_count: zeros(context),
    daily_net_commands: today("read") + today("write"),
    daily_read_requests: today("read"),
    daily_write_requests: today("write"),
    connection_count: zeros(context),
    keyspace: gauge(context, "keyspace", levels.keyCount),
    throughput: throughput(context, REDIS_OPS),
    // The engine's memory use for the data (what the service bills as storage); zero over a
    // proxied Redis, which the emulator does not measure.
    diskusage: gauge(context, "diskusage", storage),
    latencymean: latency(context, REDIS_OPS, "mean"),
    latency_99: latency(context, REDIS_OPS, "p99"),
    read_latency_mean: latency(context, ["read"], "mean"),
    read_latency_99: latency(context, ["read"], "p99"),
    write_latency_mean: latency(context, ["write"], "mean"),
    write_latency_99: latency(context, ["write"], "p99"),
    // Emulator difference: keyspace hits and misses are not measured per request.
    hits: zeros(context),
    misses: zeros(context),
    read: counts(context, ["read"]),
    write: counts(context, ["write"]),
    dailyrequests: daily(context, REDIS_OPS, (tally) => tally.count),
    days: dailyWindows(DAILY_POINTS, now).map((day) => day.weekday),
    dailybilling: daily(context, REDIS_OPS, dailyCost),
    bandwidths: daily(context, REDIS_OPS, bytesOf),
    dailybandwidth: bytesOf(recorder.day(resource, REDIS_OPS, now)),
    total_monthly_bandwidth: bytesOf(month),
    total_monthly_requests: month.count,
    total_monthly_read_requests: recorder.month(resource, ["read"]).count,
    total_monthly_write_requests: recorder.month(resource, ["write"]).count,
    total_monthly_script_requests: 0,
    total_monthly_storage: storage,
    current_storage: storage,
    queue_optimized: false,
    total_monthly_billing: dailyCost(month),
    command_counts: [],
  };
}

/** `QStashStats` of a queue (§6.5): its publishes per day and this month's pay-as-you-go cost. */
export function queueStats(context: StatsContext): QStashStats {
  const { recorder, resource } = context;
  const days = monthDays(recorder.clock.now());
  const perDay = (value: (startMs: number) => number): TimeSeries =>
    days.map((day) => ({ x: day.x, y: value(day.startMs) }));
  const requests = (startMs: number): number => recorder.day(resource, ["publish"], startMs).count;
  return {
    days: days.map((day) => day.weekday),
    daily_requests: days.map((day) => ({
      x: day.x,
      y: requests(day.startMs),
      workflow_message: 0,
      workflow_run: 0,
    })),
    daily_billings: perDay(() => 0),
    daily_bandwidths: perDay((startMs) => bytesOf(recorder.day(resource, ["publish"], startMs))),
    daily_used: counts(context, ["publish"]),
    daily_used_workflow: zeros(context),
    daily_bandwidth_used: series(context, (window) =>
      bytesOf(recorder.window(resource, ["publish"], window).tally),
    ),
    daily_qstash_messages: [{ id: "delivered", data_points: zeros(context) }],
    daily_workflow_messages: [{ id: "canceled", data_points: zeros(context) }],
    dlq_message_count: 0,
    total_monthly_billing: qstashCost(context.plan, {
      messages: recorder.month(resource, ["publish"]).count,
    }),
  };
}

/** An index's part in the totals of {@link indexGlobalStats}. */
export interface IndexTotals {
  /** Its metrics resource id. */
  readonly id: string;
  readonly plan: string;
  readonly records: number;
  readonly storage: number;
}

/** `GET /vector/index/stats` and `GET /search/stats`: totals over every index this month. */
export function indexGlobalStats(options: {
  readonly recorder: MetricsRecorder;
  readonly kind: "vector" | "search";
  readonly indexes: readonly IndexTotals[];
}): GlobalStats {
  const { recorder, kind, indexes } = options;
  let request = 0;
  let bandwidth = 0;
  let billing = 0;
  let reranks = 0;
  for (const index of indexes) {
    const resource = { kind, id: index.id } as const;
    const month = recorder.month(resource, [...VECTOR_QUERY_OPS, ...VECTOR_UPDATE_OPS]);
    const all = recorder.month(resource, VECTOR_ALL_OPS);
    request += all.requests;
    reranks += recorder.month(resource, RERANK_OPS).count;
    bandwidth += bytesOf(all);
    billing += vectorCost(index.plan, { requests: month.requests, storageBytes: index.storage });
  }
  return {
    record_count: indexes.reduce((sum, index) => sum + index.records, 0),
    request,
    bandwidth,
    storage: indexes.reduce((sum, index) => sum + index.storage, 0),
    billing: Math.round(billing * 1e6) / 1e6,
    rerank_count: reranks,
  };
}
