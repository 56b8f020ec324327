/**
 * The management API (`/v2`), read-only operations only, so a real account is never changed:
 * basic authentication, the vector index list and the stats series (management-api.md §1, §3.3,
 * §6; interfaces.md Management interface).
 */
import { defineCheck } from "../check.ts";
import type { CheckContext } from "../context.ts";
import { CheckSkipped, check, checkEqual } from "../errors.ts";
import { describe } from "../http.ts";

/** management-api.md §6.1: a Go `time.Time` in UTC. */
const GO_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)? \+0000 UTC$/;

async function firstVectorIndexId(ctx: CheckContext): Promise<string> {
  const reply = await ctx.managementRequest({ method: "GET", path: "/vector/index" });
  check(reply.status === 200, `GET /vector/index: ${describe(reply)}`);
  const indexes = reply.json() as { id?: unknown }[];
  check(Array.isArray(indexes), `GET /vector/index is not an array: ${reply.text.slice(0, 120)}`);
  const id = indexes[0]?.id;
  if (typeof id !== "string") {
    throw new CheckSkipped("the account has no vector index");
  }
  return id;
}

async function series(
  ctx: CheckContext,
  period: string | undefined,
): Promise<{ x: string; y: number }[]> {
  const id = await firstVectorIndexId(ctx);
  const query = period === undefined ? "" : `?period=${period}`;
  const reply = await ctx.managementRequest({
    method: "GET",
    path: `/vector/index/${encodeURIComponent(id)}/stats${query}`,
  });
  check(reply.status === 200, `stats: ${describe(reply)}`);
  const stats = reply.json() as Record<string, unknown>;
  const points = stats["query_throughput"] as { x: string; y: number }[] | undefined;
  check(Array.isArray(points), `query_throughput is not an array: ${reply.text.slice(0, 120)}`);
  for (const point of points) {
    check(GO_TIME.test(point.x) && typeof point.y === "number", `point ${JSON.stringify(point)}`);
  }
  return points;
}

function stepMinutes(points: readonly { x: string }[]): number {
  const [first, second] = points;
  check(first !== undefined && second !== undefined, "fewer than two points");
  return (
    (Date.parse(second.x.replace(" +0000 UTC", "Z").replace(" ", "T")) -
      Date.parse(first.x.replace(" +0000 UTC", "Z").replace(" ", "T"))) /
    60_000
  );
}

export const MANAGEMENT_CHECKS = [
  defineCheck({
    area: "management",
    group: "auth",
    name: "missing or wrong basic credentials are 401 with a JSON body",
    spec: "interfaces.md Authentication 1; management-api.md §1, §8",
    run: async (ctx) => {
      for (const auth of [null, { email: ctx.management.email, apiKey: "wrong-key" }]) {
        const reply = await ctx.managementRequest({ method: "GET", path: "/vector/index", auth });
        check(
          reply.status === 401,
          `${auth === null ? "no" : "wrong"} credentials: ${describe(reply)}`,
        );
        reply.json();
      }
    },
  }),
  defineCheck({
    area: "management",
    group: "vector-index",
    name: "the vector index list is an array of records with id and name",
    spec: "management-api.md §3.3, §5.2",
    run: async (ctx) => {
      const reply = await ctx.managementRequest({ method: "GET", path: "/vector/index" });
      check(reply.status === 200, describe(reply));
      const indexes = reply.json() as Record<string, unknown>[];
      check(Array.isArray(indexes), `not an array: ${reply.text.slice(0, 120)}`);
      for (const index of indexes) {
        check(
          typeof index["id"] === "string" && typeof index["name"] === "string",
          `record ${JSON.stringify(index).slice(0, 120)}`,
        );
      }
    },
  }),
  defineCheck({
    area: "management",
    group: "stats",
    name: "vector stats default to 1h: 60 points one minute apart, Go UTC timestamps",
    spec: "interfaces.md Management rules 2; management-api.md §6.1, §6.2",
    run: async (ctx) => {
      const points = await series(ctx, undefined);
      checkEqual(points.length, 60, "points");
      checkEqual(stepMinutes(points), 1, "minutes between points");
    },
  }),
  defineCheck({
    area: "management",
    group: "stats",
    name: "vector stats for 30d: 240 points three hours apart",
    spec: "interfaces.md Management rules 2; management-api.md §6.2",
    run: async (ctx) => {
      const points = await series(ctx, "30d");
      checkEqual(points.length, 240, "points");
      checkEqual(stepMinutes(points), 180, "minutes between points");
    },
  }),
  defineCheck({
    area: "management",
    group: "stats",
    name: "vector stats for 7d: 60 points 168 minutes apart",
    spec: "management-api.md §6.2",
    run: async (ctx) => {
      const points = await series(ctx, "7d");
      checkEqual(points.length, 60, "points");
      checkEqual(stepMinutes(points), 168, "minutes between points");
    },
  }),
];
