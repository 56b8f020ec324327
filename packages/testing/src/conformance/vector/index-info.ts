/**
 * What the vector checks need to know about the index: its type and dense dimension, read from
 * `info` (vector-rest-wire.md §2.11), and records that fit it.
 */
import type { CheckContext } from "../context.ts";
import { check } from "../errors.ts";
import { describe } from "../http.ts";

export interface IndexShape {
  readonly type: "DENSE" | "SPARSE" | "HYBRID";
  /** The dense dimension; 0 for a SPARSE index. */
  readonly dimension: number;
}

export async function readIndexShape(ctx: CheckContext): Promise<IndexShape> {
  const reply = await ctx.vectorRequest({ path: "/info" });
  check(reply.status === 200, `info: ${describe(reply)}`);
  const info = (reply.json() as { result?: { indexType?: unknown; dimension?: unknown } }).result;
  const type = info?.indexType;
  check(
    type === "DENSE" || type === "SPARSE" || type === "HYBRID",
    `info: indexType ${String(type)}`,
  );
  const dimension = typeof info?.dimension === "number" ? info.dimension : 0;
  return { type, dimension };
}

/** A record with the vectors the index type requires; `n` varies the direction. */
export function recordFor(
  shape: IndexShape,
  id: string | number,
  n: number,
): Record<string, unknown> {
  const dense = Array.from({ length: shape.dimension }, (_, i) =>
    i === n % shape.dimension ? 1 : 0.1,
  );
  const sparse = { indices: [n, n + 1], values: [0.5, 0.25] };
  return {
    id,
    ...(shape.type === "SPARSE" ? {} : { vector: dense }),
    ...(shape.type === "DENSE" ? {} : { sparseVector: sparse }),
    metadata: { n },
    data: `record ${n}`,
  };
}

/**
 * Upserts records into the run's namespace, emptied first so each check sees only its own records
 * (`reset/{ns}` keeps the namespace, §2.10), and fails the check unless both answer Success.
 */
export async function upsertRecords(
  ctx: CheckContext,
  records: readonly Record<string, unknown>[],
): Promise<void> {
  const reset = await ctx.vectorRequest({
    path: `/reset/${encodeURIComponent(ctx.vectorNamespace)}`,
  });
  check(reset.status === 200, `reset of the run's namespace: ${describe(reset)}`);
  const reply = await ctx.vectorRequest({
    path: `/upsert/${encodeURIComponent(ctx.vectorNamespace)}`,
    json: records,
  });
  check(reply.status === 200, `upsert: ${describe(reply)}`);
  const body = reply.json() as { result?: unknown };
  check(body.result === "Success", `upsert: ${reply.text}`);
}
