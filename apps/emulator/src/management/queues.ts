/**
 * Queue instances, the service's QStash users (`spec/management-api.md` §3.5): records with
 * tokens, one for the account and one per team (issue 7), served under `/qstash/...` and `/queue/...`.
 */
import { randomUUID } from "node:crypto";
import { generateToken } from "@stratus/core/auth";
import type { QStashStats, QStashUser, StatsPeriod } from "@stratus/core/schemas";
import type { MetricsRecorder } from "../metrics/recorder.ts";
import { generateSigningKey } from "../queues/signing.ts";
import type { AuditLog } from "./audit-log.ts";
import type { ManagementContext } from "./context.ts";
import { badRequest, notFound } from "./errors.ts";
import { queueRecord } from "./records.ts";
import type { OwnerId, QueueState } from "./state.ts";
import { queueStats } from "./stats.ts";

export interface QueueManagementOptions {
  readonly context: ManagementContext;
  readonly auditLog: AuditLog;
  readonly recorder: MetricsRecorder;
}

/** A fresh queue instance of `ownerId` (the account's email or a team id), on the free plan. */
export function newQueue(ownerId: OwnerId, creationTimeS: number): QueueState {
  return {
    id: randomUUID(),
    ownerId,
    creationTimeS,
    plan: "free",
    budget: 0,
    prodPack: false,
    token: generateToken(),
    readOnlyToken: generateToken(),
    currentSigningKey: generateSigningKey(),
    nextSigningKey: generateSigningKey(),
  };
}

export class QueueManagement {
  readonly #context: ManagementContext;
  readonly #auditLog: AuditLog;
  readonly #recorder: MetricsRecorder;

  constructor(options: QueueManagementOptions) {
    this.#context = options.context;
    this.#auditLog = options.auditLog;
    this.#recorder = options.recorder;
  }

  /** Gives the account its queue instance when it has none (a first start, a new `--email`). */
  ensureAccountQueue(): void {
    const { state, email } = this.#context;
    if (!state.queues.some((queue) => queue.ownerId === email)) {
      state.queues.push(newQueue(email, this.#context.nowS()));
    }
    // State saved before the live queue API had no signing keys.
    for (const queue of state.queues) {
      queue.currentSigningKey ??= generateSigningKey();
      queue.nextSigningKey ??= generateSigningKey();
    }
  }

  /** Every queue instance's live state, for the queue API (tokens and signing keys). */
  states(): readonly QueueState[] {
    return this.#context.state.queues;
  }

  /** `POST /v2/keys/rotate`: the next key becomes current and a new next key is made (§2.12). */
  async rotateSigningKeys(id: string): Promise<QueueState> {
    const queue = this.#queue(id);
    queue.currentSigningKey = queue.nextSigningKey ?? generateSigningKey();
    queue.nextSigningKey = generateSigningKey();
    await this.#context.save();
    return queue;
  }

  list(): QStashUser[] {
    return this.#context.state.queues.map((queue) => queueRecord(queue, this.#context.location()));
  }

  get(id: string): QStashUser {
    return queueRecord(this.#queue(id), this.#context.location());
  }

  /** The legacy `GET /qstash/user`: the account's own queue. */
  accountQueue(): QStashUser {
    const queue = this.#context.state.queues.find((entry) => entry.ownerId === this.#context.email);
    return queue === undefined ? notFound("queue") : queueRecord(queue, this.#context.location());
  }

  async rotateToken(id: string): Promise<QStashUser> {
    const queue = this.#queue(id);
    queue.token = generateToken();
    queue.readOnlyToken = generateToken();
    await this.#auditLog.record("Rotate Queue Token", queue.id);
    return queueRecord(queue, this.#context.location());
  }

  async setPlan(id: string, plan: string): Promise<"OK"> {
    this.#queue(id).plan = plan;
    await this.#context.save();
    return "OK";
  }

  async setProdPack(id: string, isOn: boolean): Promise<"OK"> {
    const queue = this.#queue(id);
    if (queue.prodPack === isOn) {
      badRequest(`prod pack is already ${isOn ? "enabled" : "disabled"}`);
    }
    queue.prodPack = isOn;
    await this.#context.save();
    return "OK";
  }

  /** `POST /queue/move-to-team`: the queue instance changes owner (§2). */
  async moveToTeam(queueId: string, teamId: string): Promise<"OK"> {
    const queue = this.#queue(queueId);
    queue.ownerId = this.#context.transferTarget(teamId);
    await this.#auditLog.record("Move Queue", queue.id);
    return "OK";
  }

  async updateBudget(id: string, budget: number): Promise<"OK"> {
    this.#queue(id).budget = budget;
    await this.#context.save();
    return "OK";
  }

  stats(id: string, period: StatsPeriod): QStashStats {
    const queue = this.#queue(id);
    return queueStats({
      recorder: this.#recorder,
      resource: { kind: "queue", id: queue.id },
      period,
      plan: queue.plan,
    });
  }

  #queue(id: string): QueueState {
    return this.#context.state.queues.find((entry) => entry.id === id) ?? notFound("queue");
  }
}
