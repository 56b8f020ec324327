/**
 * SEARCH.AGGREGATE (redis-search.md §4): metric aggregations ($avg $sum $min $max $count
 * $cardinality $stats $extendedStats $percentiles) and bucket aggregations ($terms $range
 * $histogram $dateHistogram $facet) with nested `$aggs`, over the documents the filter matched.
 *
 * Replies are flat name/value arrays, as the SDK parses them: metric values as bulk strings of the
 * number (the SDK turns numeric strings into numbers), counts as integers. Tantivy computes
 * `$cardinality` (HyperLogLog) and `$percentiles` (DDSketch) approximately; these are exact (the
 * percentile interpolates linearly between the closest ranks).
 */
import { type Reply, reply } from "../reply.ts";
import type { FieldValue } from "./documents.ts";
import { searchError } from "./errors.ts";
import type { FieldDefinition } from "./schema.ts";
import type { SearchIndex } from "./search-index.ts";

type Json = null | boolean | number | string | Json[] | { readonly [key: string]: Json };
type JsonObject = { readonly [key: string]: Json };

interface AggregationContext {
  readonly index: SearchIndex;
  readonly documents: readonly number[];
}

const METRIC_OPERATORS = new Set([
  "$avg",
  "$sum",
  "$min",
  "$max",
  "$count",
  "$cardinality",
  "$stats",
  "$extendedStats",
  "$percentiles",
]);
const BUCKET_OPERATORS = new Set(["$terms", "$range", "$histogram", "$dateHistogram", "$facet"]);
const DEFAULT_PERCENTS = [1, 5, 25, 50, 75, 95, 99];

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Runs the aggregations (JSON text) over `documents`. */
export function aggregate(text: string, context: AggregationContext): Reply {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw searchError("ERR Invalid JSON aggregations");
  }
  if (!isObject(parsed)) {
    throw searchError("ERR Aggregations must be a JSON object");
  }
  return aggregations(parsed, context);
}

function aggregations(spec: JsonObject, context: AggregationContext): Reply {
  const items: Reply[] = [];
  for (const [name, body] of Object.entries(spec)) {
    if (!isObject(body)) {
      throw searchError(`ERR Aggregation '${name}' must be a JSON object`);
    }
    items.push(reply.bulk(name), one(name, body, context));
  }
  return reply.array(items);
}

function one(name: string, body: JsonObject, context: AggregationContext): Reply {
  const operators = Object.keys(body).filter((key) => key !== "$aggs");
  const operator = operators[0];
  if (operators.length !== 1 || operator === undefined) {
    throw searchError(`ERR Aggregation '${name}' must have exactly one operator`);
  }
  const params = body[operator];
  if (!isObject(params)) {
    throw searchError(`ERR Aggregation '${name}': ${operator} expects a JSON object`);
  }
  const nested = body["$aggs"];
  if (nested !== undefined && !isObject(nested)) {
    throw searchError(`ERR Aggregation '${name}': $aggs must be a JSON object`);
  }
  if (METRIC_OPERATORS.has(operator)) {
    if (nested !== undefined) {
      throw searchError(`ERR Aggregation '${name}': ${operator} does not take $aggs`);
    }
    return metric(operator, { params, context });
  }
  if (!BUCKET_OPERATORS.has(operator)) {
    throw searchError(`ERR Unknown aggregation operator: ${operator}`);
  }
  return buckets(operator, { params, context, nested });
}

function fieldParam(params: JsonObject, context: AggregationContext): FieldDefinition {
  const name = params["field"];
  if (typeof name !== "string") {
    throw searchError("ERR Missing required 'field' property");
  }
  const field = context.index.fieldsByName.get(name);
  if (field === undefined) {
    throw searchError(`ERR Unknown field: ${name}`);
  }
  return field;
}

function numberParam(params: JsonObject, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw searchError(`ERR '${name}' must be a number`);
  }
  return value;
}

/** Each document's values of a field, `missing` for documents without it. */
function valuesOf(
  field: FieldDefinition,
  options: { context: AggregationContext; missing: FieldValue | undefined },
): { id: number; values: readonly FieldValue[] }[] {
  const table = options.context.index.values.get(field.name);
  const rows: { id: number; values: readonly FieldValue[] }[] = [];
  for (const id of options.context.documents) {
    const values = table?.values.get(id);
    if (values !== undefined && values.length > 0) {
      rows.push({ id, values });
    } else if (options.missing !== undefined) {
      rows.push({ id, values: [options.missing] });
    }
  }
  return rows;
}

function numeric(value: FieldValue): number {
  return typeof value === "boolean" ? (value ? 1 : 0) : Number(value);
}

const num = (value: number | undefined): Reply =>
  value === undefined || !Number.isFinite(value) ? reply.null() : reply.bulk(String(value));

function map(entries: readonly [string, Reply][]): Reply {
  return reply.array(entries.flatMap(([name, value]) => [reply.bulk(name), value]));
}

function metric(
  operator: string,
  options: { params: JsonObject; context: AggregationContext },
): Reply {
  const { params, context } = options;
  const field = fieldParam(params, context);
  if (operator !== "$cardinality" && !field.fast) {
    throw searchError(`ERR Aggregation operator requires field to be FAST: ${field.name}`);
  }
  if (field.type === "TEXT") {
    throw searchError(
      `ERR Aggregation operator ${operator} does not support TEXT field ${field.name}`,
    );
  }
  const missing = params["missing"];
  const rows = valuesOf(field, {
    context,
    missing:
      typeof missing === "number" || typeof missing === "string" || typeof missing === "boolean"
        ? missing
        : undefined,
  });
  if (operator === "$cardinality") {
    return map([["value", reply.bulk(String(new Set(rows.flatMap((row) => row.values)).size))]]);
  }
  const values = rows.flatMap((row) => row.values.map(numeric));
  const count = values.length;
  const sum = values.reduce((total, value) => total + value, 0);
  const min = count === 0 ? undefined : Math.min(...values);
  const max = count === 0 ? undefined : Math.max(...values);
  const avg = count === 0 ? undefined : sum / count;
  switch (operator) {
    case "$avg":
      return map([["value", num(avg)]]);
    case "$sum":
      return map([["value", num(sum)]]);
    case "$min":
      return map([["value", num(min)]]);
    case "$max":
      return map([["value", num(max)]]);
    case "$count":
      return map([["value", num(count)]]);
    case "$stats":
      return map([
        ["count", reply.integer(count)],
        ["min", num(min)],
        ["max", num(max)],
        ["sum", num(sum)],
        ["avg", num(avg)],
      ]);
    case "$extendedStats":
      return extendedStats(values, { sigma: numberParam(params, "sigma") ?? 2 });
    default:
      return percentiles(values, params);
  }
}

function extendedStats(values: readonly number[], options: { sigma: number }): Reply {
  const count = values.length;
  const sum = values.reduce((total, value) => total + value, 0);
  const sumOfSquares = values.reduce((total, value) => total + value * value, 0);
  const avg = count === 0 ? undefined : sum / count;
  const variancePopulation = avg === undefined ? undefined : sumOfSquares / count - avg * avg;
  const varianceSampling =
    avg === undefined || count < 2 ? undefined : (sumOfSquares - count * avg * avg) / (count - 1);
  const stdPopulation =
    variancePopulation === undefined ? undefined : Math.sqrt(Math.max(0, variancePopulation));
  const stdSampling =
    varianceSampling === undefined ? undefined : Math.sqrt(Math.max(0, varianceSampling));
  const bound = (std: number | undefined, sign: number): number | undefined =>
    avg === undefined || std === undefined ? undefined : avg + sign * options.sigma * std;
  return map([
    ["count", reply.integer(count)],
    ["min", num(count === 0 ? undefined : Math.min(...values))],
    ["max", num(count === 0 ? undefined : Math.max(...values))],
    ["sum", num(sum)],
    ["avg", num(avg)],
    ["sumOfSquares", num(sumOfSquares)],
    ["variance", num(variancePopulation)],
    ["variancePopulation", num(variancePopulation)],
    ["varianceSampling", num(varianceSampling)],
    ["stdDeviation", num(stdPopulation)],
    ["stdDeviationPopulation", num(stdPopulation)],
    ["stdDeviationSampling", num(stdSampling)],
    [
      "stdDeviationBounds",
      map([
        ["upper", num(bound(stdPopulation, 1))],
        ["lower", num(bound(stdPopulation, -1))],
        ["upperSampling", num(bound(stdSampling, 1))],
        ["lowerSampling", num(bound(stdSampling, -1))],
        ["upperPopulation", num(bound(stdPopulation, 1))],
        ["lowerPopulation", num(bound(stdPopulation, -1))],
      ]),
    ],
  ]);
}

function percentiles(values: readonly number[], params: JsonObject): Reply {
  const percents = params["percents"] ?? DEFAULT_PERCENTS;
  if (!Array.isArray(percents) || percents.some((p) => typeof p !== "number" || p < 0 || p > 100)) {
    throw searchError("ERR 'percents' must be an array of numbers between 0 and 100");
  }
  const sorted = [...values].sort((a, b) => a - b);
  const at = (percent: number): number | undefined => {
    if (sorted.length === 0) {
      return undefined;
    }
    const rank = (percent / 100) * (sorted.length - 1);
    const low = Math.floor(rank);
    const high = Math.ceil(rank);
    const lowValue = sorted[low] as number;
    return lowValue + ((sorted[high] as number) - lowValue) * (rank - low);
  };
  const keyOf = (percent: number): string =>
    Number.isInteger(percent) ? percent.toFixed(1) : String(percent);
  if (params["keyed"] === false) {
    return map([
      [
        "values",
        reply.array(
          (percents as number[]).map((p) =>
            map([
              ["key", num(p)],
              ["value", num(at(p))],
            ]),
          ),
        ),
      ],
    ]);
  }
  return map([
    ["values", map((percents as number[]).map((p): [string, Reply] => [keyOf(p), num(at(p))]))],
  ]);
}

// ---- buckets ------------------------------------------------------------------------------------

interface Bucket {
  readonly key: FieldValue;
  readonly documents: number[];
  readonly extra: [string, Reply][];
}

function bucketReply(
  bucket: Bucket,
  options: { context: AggregationContext; nested: JsonObject | undefined; keyReply: Reply },
): Reply {
  const entries: [string, Reply][] = [
    ["key", options.keyReply],
    ["docCount", reply.integer(bucket.documents.length)],
    ...bucket.extra,
  ];
  if (options.nested !== undefined) {
    const sub = aggregations(options.nested, {
      index: options.context.index,
      documents: bucket.documents,
    });
    const items = sub.kind === "array" ? sub.items : [];
    for (let i = 0; i + 1 < items.length; i += 2) {
      entries.push([(items[i] as { value: string }).value, items[i + 1] as Reply]);
    }
  }
  return map(entries);
}

function buckets(
  operator: string,
  options: { params: JsonObject; context: AggregationContext; nested: JsonObject | undefined },
): Reply {
  const { params, context } = options;
  const field = fieldParam(params, context);
  if (params["keyed"] === true) {
    throw searchError(`ERR ${operator} with keyed buckets is not supported; use keyed: false`);
  }
  switch (operator) {
    case "$terms":
      return terms(field, options);
    case "$range":
      return ranges(field, options);
    case "$facet":
      return facet(field, options);
    default:
      return histogram(field, { ...options, isDate: operator === "$dateHistogram" });
  }
}

function keyReply(value: FieldValue): Reply {
  return reply.bulk(
    typeof value === "string" ? Buffer.from(value, "utf8").toString("latin1") : String(value),
  );
}

function terms(
  field: FieldDefinition,
  options: { params: JsonObject; context: AggregationContext; nested: JsonObject | undefined },
): Reply {
  const { params, context } = options;
  if (field.type === "TEXT") {
    throw searchError(`ERR $terms does not support TEXT field ${field.name}; use a KEYWORD field`);
  }
  const size = numberParam(params, "size") ?? 10;
  const minDocCount = numberParam(params, "minDocCount") ?? 1;
  const missing = params["missing"];
  const include = matcher(params["include"]);
  const exclude = matcher(params["exclude"]);
  const byKey = new Map<FieldValue, number[]>();
  for (const row of valuesOf(field, {
    context,
    missing:
      typeof missing === "string" || typeof missing === "number" || typeof missing === "boolean"
        ? missing
        : undefined,
  })) {
    for (const value of new Set(row.values)) {
      if ((include !== undefined && !include(value)) || (exclude?.(value) ?? false)) {
        continue;
      }
      const list = byKey.get(value) ?? [];
      list.push(row.id);
      byKey.set(value, list);
    }
  }
  let list: Bucket[] = [...byKey]
    .filter(([, documents]) => documents.length >= minDocCount)
    .map(([key, documents]) => ({ key, documents, extra: [] }));
  list.sort(termsOrder(params["order"]));
  const shown = list.slice(0, size);
  const other = list.slice(size).reduce((total, bucket) => total + bucket.documents.length, 0);
  list = shown;
  return map([
    [
      "buckets",
      reply.array(
        list.map((bucket) => bucketReply(bucket, { ...options, keyReply: keyReply(bucket.key) })),
      ),
    ],
    ["sumOtherDocCount", reply.integer(other)],
    ["docCountErrorUpperBound", reply.integer(0)],
  ]);
}

function matcher(spec: Json | undefined): ((value: FieldValue) => boolean) | undefined {
  if (spec === undefined || spec === null) {
    return undefined;
  }
  if (Array.isArray(spec)) {
    const values = new Set(spec.map(String));
    return (value) => values.has(String(value));
  }
  if (typeof spec !== "string") {
    throw searchError("ERR 'include'/'exclude' must be a regex string or an array of values");
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^(?:${spec})$`, "u");
  } catch {
    throw searchError(`ERR Invalid regex: ${spec}`);
  }
  return (value) => pattern.test(String(value));
}

function compareKeys(a: FieldValue, b: FieldValue): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function termsOrder(order: Json | undefined): (a: Bucket, b: Bucket) => number {
  if (order === undefined || order === null) {
    return (a, b) => b.documents.length - a.documents.length || compareKeys(a.key, b.key);
  }
  if (!isObject(order) || Object.keys(order).length !== 1) {
    throw searchError('ERR \'order\' must be an object like {"count": "desc"} or {"key": "asc"}');
  }
  const [target, direction] = Object.entries(order)[0] as [string, Json];
  const sign = direction === "asc" ? 1 : direction === "desc" ? -1 : Number.NaN;
  if (Number.isNaN(sign)) {
    throw searchError('ERR order direction must be "asc" or "desc"');
  }
  if (target === "key" || target === "_key") {
    return (a, b) => sign * compareKeys(a.key, b.key);
  }
  if (target === "count" || target === "_count") {
    return (a, b) => sign * (a.documents.length - b.documents.length) || compareKeys(a.key, b.key);
  }
  throw searchError(`ERR Ordering terms by sub-aggregation '${target}' is not supported`);
}

function ranges(
  field: FieldDefinition,
  options: { params: JsonObject; context: AggregationContext; nested: JsonObject | undefined },
): Reply {
  const { params, context } = options;
  const specs = params["ranges"];
  if (!Array.isArray(specs) || specs.length === 0) {
    throw searchError("ERR $range needs a non-empty 'ranges' array");
  }
  const rows = valuesOf(field, { context, missing: undefined });
  const list = specs.map((spec): Reply => {
    if (!isObject(spec)) {
      throw searchError("ERR each range must be an object {key?, from?, to?}");
    }
    const from = numberParam(spec, "from");
    const to = numberParam(spec, "to");
    const key =
      typeof spec["key"] === "string"
        ? spec["key"]
        : `${from === undefined ? "*" : from}-${to === undefined ? "*" : to}`;
    const documents = rows
      .filter((row) =>
        row.values.some((value) => {
          const number = numeric(value);
          return (from === undefined || number >= from) && (to === undefined || number < to);
        }),
      )
      .map((row) => row.id);
    const extra: [string, Reply][] = [];
    if (from !== undefined) {
      extra.push(["from", num(from)]);
    }
    if (to !== undefined) {
      extra.push(["to", num(to)]);
    }
    return bucketReply({ key, documents, extra }, { ...options, keyReply: reply.bulk(key) });
  });
  return map([["buckets", reply.array(list)]]);
}

const INTERVAL_UNITS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

function fixedInterval(text: Json | undefined): number {
  const match = typeof text === "string" ? /^(\d+)(ms|s|m|h|d)$/.exec(text) : null;
  if (match === null) {
    throw searchError('ERR \'fixedInterval\' must be like "30s", "1m", "1h" or "1d"');
  }
  return Number(match[1]) * (INTERVAL_UNITS[match[2] as string] as number);
}

function histogram(
  field: FieldDefinition,
  options: {
    params: JsonObject;
    context: AggregationContext;
    nested: JsonObject | undefined;
    isDate: boolean;
  },
): Reply {
  const { params, context } = options;
  const interval = options.isDate
    ? fixedInterval(params["fixedInterval"])
    : numberParam(params, "interval");
  if (interval === undefined || interval <= 0) {
    throw searchError("ERR 'interval' must be a positive number");
  }
  const offset =
    typeof params["offset"] === "string"
      ? fixedInterval(params["offset"])
      : (numberParam(params, "offset") ?? 0);
  const minDocCount = numberParam(params, "minDocCount") ?? 0;
  const bounds = (name: string): { min: number; max: number } | undefined => {
    const value = params[name];
    if (value === undefined || value === null) {
      return undefined;
    }
    if (!isObject(value) || typeof value["min"] !== "number" || typeof value["max"] !== "number") {
      throw searchError(`ERR '${name}' must be {"min": number, "max": number}`);
    }
    return { min: value["min"], max: value["max"] };
  };
  const hard = bounds("hardBounds");
  const extended = bounds("extendedBounds");
  const bucketOf = (value: number): number =>
    Math.floor((value - offset) / interval) * interval + offset;
  const byKey = new Map<number, number[]>();
  for (const row of valuesOf(field, { context, missing: undefined })) {
    for (const key of new Set(row.values.map((value) => bucketOf(numeric(value))))) {
      if (hard !== undefined && (key + interval <= hard.min || key > hard.max)) {
        continue;
      }
      const list = byKey.get(key) ?? [];
      list.push(row.id);
      byKey.set(key, list);
    }
  }
  const keys = [...byKey.keys()];
  if (minDocCount === 0 && (keys.length > 0 || extended !== undefined)) {
    // Empty buckets between the first and last (and out to extendedBounds) are listed too.
    let low = keys.length > 0 ? Math.min(...keys) : bucketOf((extended as { min: number }).min);
    let high = keys.length > 0 ? Math.max(...keys) : bucketOf((extended as { max: number }).max);
    if (extended !== undefined) {
      low = Math.min(low, bucketOf(extended.min));
      high = Math.max(high, bucketOf(extended.max));
    }
    if (hard !== undefined) {
      low = Math.max(low, bucketOf(hard.min));
      high = Math.min(high, bucketOf(hard.max));
    }
    if ((high - low) / interval > 100_000) {
      throw searchError("ERR histogram would have more than 100000 buckets");
    }
    for (let key = low; key <= high; key += interval) {
      if (!byKey.has(key)) {
        byKey.set(key, []);
      }
    }
  }
  const list = [...byKey]
    .filter(([, documents]) => documents.length >= minDocCount)
    .sort(([a], [b]) => a - b)
    .map(([key, documents]) => {
      const extra: [string, Reply][] = options.isDate
        ? [["keyAsString", reply.bulk(new Date(key).toISOString())]]
        : [];
      return bucketReply({ key, documents, extra }, { ...options, keyReply: num(key) });
    });
  return map([["buckets", reply.array(list)]]);
}

function facet(
  field: FieldDefinition,
  options: { params: JsonObject; context: AggregationContext },
): Reply {
  const { params, context } = options;
  if (field.type !== "FACET") {
    throw searchError(`ERR $facet needs a FACET field, ${field.name} is ${field.type}`);
  }
  const root = typeof params["path"] === "string" ? params["path"] : "/";
  if (!root.startsWith("/")) {
    throw searchError("ERR facet 'path' must start with /");
  }
  const depth = numberParam(params, "depth") ?? 1;
  if (depth < 1) {
    throw searchError("ERR facet 'depth' must be at least 1");
  }
  const size = numberParam(params, "size") ?? 10;
  const minDocCount = numberParam(params, "minDocCount") ?? 1;
  const order = params["order"];
  const byPath = isObject(order) && "path" in order;
  const ascending = isObject(order) && Object.values(order)[0] === "asc";
  const rows = valuesOf(field, { context, missing: undefined });
  const level = (path: string, remaining: number): { children: Reply[]; other: number } => {
    const prefix = path === "/" ? "/" : `${path}/`;
    const counts = new Map<string, Set<number>>();
    for (const row of rows) {
      for (const value of row.values as string[]) {
        if (!value.startsWith(prefix) || value.length === prefix.length) {
          continue;
        }
        const child = prefix + (value.slice(prefix.length).split("/")[0] as string);
        const set = counts.get(child) ?? new Set();
        set.add(row.id);
        counts.set(child, set);
      }
    }
    const entries = [...counts].filter(([, ids]) => ids.size >= minDocCount);
    entries.sort(([pa, a], [pb, b]) => {
      const byCount = a.size - b.size;
      const byName = pa < pb ? -1 : pa > pb ? 1 : 0;
      return byPath ? (ascending ? byName : -byName) : (ascending ? byCount : -byCount) || byName;
    });
    const shown = entries.slice(0, size);
    const other = entries.slice(size).reduce((total, [, ids]) => total + ids.size, 0);
    return {
      other,
      children: shown.map(([child, ids]) => {
        const entry: [string, Reply][] = [
          ["path", reply.bulk(child)],
          ["docCount", reply.integer(ids.size)],
        ];
        if (remaining > 1) {
          const below = level(child, remaining - 1);
          entry.push(
            ["sumOtherDocCount", reply.integer(below.other)],
            ["children", reply.array(below.children)],
          );
        }
        return map(entry);
      }),
    };
  };
  const top = level(root.length > 1 && root.endsWith("/") ? root.slice(0, -1) : root, depth);
  return map([
    ["path", reply.bulk(root)],
    ["sumOtherDocCount", reply.integer(top.other)],
    ["children", reply.array(top.children)],
  ]);
}
