/**
 * Queue (QStash) operations (management-api.md §3.5), under our spec's `/queue/…` names; the
 * emulator serves the service's `/qstash/…` spellings too (§2).
 */
import {
  type OkResponse,
  OkResponseSchema,
  type QStashIpv4Response,
  QStashIpv4ResponseSchema,
  type QStashPlan,
  QStashSetPlanBodySchema,
  type QStashStats,
  QStashStatsSchema,
  type QStashUser,
  QStashUserSchema,
  QueueBudgetBodySchema,
  QueueMoveToTeamBodySchema,
} from "@stratus/core/schemas";
import { type ManagementCaller, periodQuery, type StatsOptions, segment } from "./caller.ts";

/** The queue operations. */
export interface Queues {
  list(): Promise<QStashUser[]>;
  get(id: string): Promise<QStashUser>;
  /** New credentials. */
  rotateToken(id: string): Promise<QStashUser>;
  setPlan(id: string, plan: QStashPlan): Promise<OkResponse>;
  stats(id: string, options?: StatsOptions): Promise<QStashStats>;
  /** The service's egress addresses; needs no auth on the service. */
  ipv4(): Promise<QStashIpv4Response>;
  /** `POST /queue/move-to-team` `{queue_id, target_team_id}`. */
  moveToTeam(queueId: string, targetTeamId: string): Promise<OkResponse>;
  /** Monthly budget in dollars: 0 (no limit) or 20 to 10000 (§3.5). */
  updateBudget(id: string, budget: number): Promise<OkResponse>;
  enableProdPack(id: string): Promise<OkResponse>;
  disableProdPack(id: string): Promise<OkResponse>;
}

/** The operations over a caller. */
export function queues(caller: ManagementCaller): Queues {
  const ok = (method: "POST" | "PATCH", path: string) =>
    caller.call({ method, path, response: OkResponseSchema });
  return {
    list: () =>
      caller.call({ method: "GET", path: "/queue/users", response: QStashUserSchema.array() }),
    get: (id) =>
      caller.call({
        method: "GET",
        path: `/queue/user/${segment(id)}`,
        response: QStashUserSchema,
      }),
    rotateToken: (id) =>
      caller.call({
        method: "POST",
        path: `/queue/rotate-token/${segment(id)}`,
        response: QStashUserSchema,
      }),
    setPlan: (id, plan) =>
      caller.call({
        method: "POST",
        path: `/queue/set-plan/${segment(id)}`,
        body: { plan_name: plan },
        bodySchema: QStashSetPlanBodySchema,
        response: OkResponseSchema,
      }),
    stats: async (id, options) =>
      caller.call({
        method: "GET",
        path: `/queue/stats/${segment(id)}${periodQuery(options)}`,
        response: QStashStatsSchema,
      }),
    ipv4: () =>
      caller.call({ method: "GET", path: "/queue/ipv4", response: QStashIpv4ResponseSchema }),
    moveToTeam: (queueId, targetTeamId) =>
      caller.call({
        method: "POST",
        path: "/queue/move-to-team",
        body: { queue_id: queueId, target_team_id: targetTeamId },
        bodySchema: QueueMoveToTeamBodySchema,
        response: OkResponseSchema,
      }),
    updateBudget: (id, budget) =>
      caller.call({
        method: "PATCH",
        path: `/queue/update-budget/${segment(id)}`,
        body: { budget },
        bodySchema: QueueBudgetBodySchema,
        response: OkResponseSchema,
      }),
    enableProdPack: (id) => ok("POST", `/queue/enable-prodpack/${segment(id)}`),
    disableProdPack: (id) => ok("POST", `/queue/disable-prodpack/${segment(id)}`),
  };
}
