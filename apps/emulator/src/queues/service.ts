/**
 * The queue product (issue 19): every queue instance of the management API, live. A request's
 * bearer token picks its instance (compared in constant time with every instance's tokens); the
 * instances share one deliverer (undici) and one durable store, and run on the emulator's clock.
 */
import { timingSafeEqual } from "@stratus/core/auth";
import { QSTASH_DEV_CREDENTIALS, type QStashEvent } from "@stratus/core/schemas";
import type { FsyncPolicy, StoreState } from "../storage/index.ts";
import { Deliverer } from "./delivery.ts";
import { QueueRequestError } from "./errors.ts";
import {
  type EncodedEvent,
  type FlowControlConfig,
  flowConfig,
  type Journal,
  type JournalKind,
  QueueInstance,
  type SigningKeys,
  type StoredEvent,
} from "./instance.ts";
import { type PlanLimits, planLimits } from "./limits.ts";
import type {
  DlqRecord,
  MessageRecord,
  QueueClock,
  QueueRecord,
  ScheduleRecord,
  UrlGroupRecord,
} from "./model.ts";
import { QueuePersistence, type QueueSnapshot } from "./persistence.ts";

/** What the service needs of a queue instance's management record. */
export interface QueueAccount {
  readonly id: string;
  readonly token: string;
  readonly readOnlyToken: string;
  readonly currentSigningKey?: string | undefined;
  readonly nextSigningKey?: string | undefined;
  /** The plan's retry maximum (`max_retries`). */
  readonly maxRetries?: number;
  /** The instance's plan (`free`, `paid`, `qstash_fixed_1m`, …): its log bounds and parallelism. */
  readonly plan?: string;
}

/** The id of the instance served with the SDK's dev-mode credentials (`--queue-dev-port`). */
export const DEV_INSTANCE_ID = "qstash-dev";

export interface QueueServiceOptions {
  readonly clock: QueueClock;
  readonly directory?: string | undefined;
  readonly fsync?: FsyncPolicy;
  readonly onError: (error: unknown) => void;
  /** The management API's queue instances, read on every request (tokens rotate at once). */
  readonly accounts: () => readonly QueueAccount[];
  /** Makes the next key current (`POST /v2/keys/rotate`). */
  readonly rotateSigningKeys: (id: string) => Promise<void>;
  /** Serve the dev-mode instance (its credentials are the SDK's constants). */
  readonly devMode?: boolean;
  /** Called for each final or failed delivery attempt (metrics, the TUI's log). */
  readonly onEvent?: (instanceId: string, event: QStashEvent) => void;
  /**
   * Deliveries in flight per instance (`--qstash-global-parallelism`), instead of the plan's
   * `max_global_parallelism`; infinity is no cap.
   */
  readonly globalParallelism?: number | undefined;
}

export interface QueueGrant {
  readonly instance: QueueInstance;
  readonly account: QueueAccount;
  readonly readOnly: boolean;
}

export class QueueService {
  readonly #options: QueueServiceOptions;
  readonly #persistence: QueuePersistence;
  readonly #deliverer = new Deliverer();
  readonly #instances = new Map<string, QueueInstance>();
  #snapshotRunning = false;

  private constructor(options: QueueServiceOptions, persistence: QueuePersistence) {
    this.#options = options;
    this.#persistence = persistence;
  }

  static async open(options: QueueServiceOptions): Promise<QueueService> {
    const persistence = await QueuePersistence.open({
      directory: options.directory,
      ...(options.fsync === undefined ? {} : { fsync: options.fsync }),
      onWarning: (message) => options.onError(new Error(message)),
    });
    const service = new QueueService(options, persistence);
    // Instances with saved state come back at once: their messages are due, their schedules tick.
    for (const account of service.#accounts()) {
      if (persistence.initial.has(account.id)) {
        service.instance(account.id);
      }
    }
    return service;
  }

  #accounts(): QueueAccount[] {
    const accounts = [...this.#options.accounts()];
    if (this.#options.devMode === true) {
      accounts.push({
        id: DEV_INSTANCE_ID,
        token: QSTASH_DEV_CREDENTIALS.token,
        readOnlyToken: "",
        currentSigningKey: QSTASH_DEV_CREDENTIALS.currentSigningKey,
        nextSigningKey: QSTASH_DEV_CREDENTIALS.nextSigningKey,
      });
    }
    return accounts;
  }

  /** The grant of `token`, or undefined. Every instance is compared, so timing tells nothing. */
  authenticate(token: string | undefined): QueueGrant | undefined {
    if (token === undefined || token === "") {
      return undefined;
    }
    let found: QueueGrant | undefined;
    for (const account of this.#accounts()) {
      const standard = timingSafeEqual(token, account.token);
      const readOnly =
        account.readOnlyToken !== "" && timingSafeEqual(token, account.readOnlyToken);
      if ((standard || readOnly) && found === undefined) {
        found = { instance: this.instance(account.id), account, readOnly: !standard };
        // A plan change (set-plan) takes effect at the instance's next request.
        found.instance.limits = this.#limitsOf(account);
      }
    }
    return found;
  }

  signingKeys(id: string): SigningKeys {
    const account = this.#accounts().find((entry) => entry.id === id);
    if (account?.currentSigningKey === undefined || account.nextSigningKey === undefined) {
      throw new QueueRequestError(404, "queue instance not found");
    }
    return { current: account.currentSigningKey, next: account.nextSigningKey };
  }

  async rotateSigningKeys(id: string): Promise<SigningKeys> {
    if (id === DEV_INSTANCE_ID) {
      throw new QueueRequestError(
        403,
        "the dev-mode signing keys are the SDK's constants and cannot be rotated",
      );
    }
    await this.#options.rotateSigningKeys(id);
    return this.signingKeys(id);
  }

  #limitsOf(account: QueueAccount | undefined): PlanLimits {
    const limits = planLimits(account?.plan);
    const override = this.#options.globalParallelism;
    return override === undefined ? limits : { ...limits, globalParallelism: override };
  }

  /** The live instance `id`, created (and restored from the store) on first use. */
  instance(id: string): QueueInstance {
    let instance = this.#instances.get(id);
    if (instance === undefined) {
      instance = new QueueInstance({
        id,
        limits: this.#limitsOf(this.#accounts().find((account) => account.id === id)),
        clock: this.#options.clock,
        deliverer: this.#deliverer,
        journal: this.#journal(id),
        signingKeys: () => this.signingKeys(id),
        onError: this.#options.onError,
        // Only with a listener: each call builds the event's view.
        ...(this.#options.onEvent === undefined
          ? {}
          : { onAttempt: (event: QStashEvent) => this.#options.onEvent?.(id, event) }),
      });
      this.#instances.set(id, instance);
      restore(instance, this.#persistence.initial.get(id));
      this.#persistence.initial.delete(id);
      instance.pump();
    }
    return instance;
  }

  /** The ids of every queue instance the service serves now (live or not yet used). */
  instanceIds(): readonly string[] {
    return this.#accounts().map((account) => account.id);
  }

  /**
   * Empties instance `id` (the control endpoint's reset) and waits until the removals are
   * durable. Its saved state from a previous run goes too, so nothing comes back on restart.
   */
  async reset(id: string): Promise<void> {
    this.instance(id).reset();
    await this.flush();
  }

  /** Every live instance (the TUI, tests). */
  get instances(): ReadonlyMap<string, QueueInstance> {
    return this.#instances;
  }

  #journal(instance: string): Journal {
    const persistence = this.#persistence;
    return {
      isDurable: persistence.isDurable,
      put: (kind, key, value) => {
        persistence.put({ instance, kind, key, value });
        this.#maybeSnapshot();
      },
      remove: (kind, key) => persistence.remove({ instance, kind, key }),
      flush: () => persistence.flush(),
    };
  }

  /** Waits until every change so far is durable (routes acknowledge after it). */
  flush(): Promise<void> {
    return this.#persistence.flush();
  }

  #maybeSnapshot(): void {
    if (!this.#persistence.snapshotDue || this.#snapshotRunning) {
      return;
    }
    this.#snapshotRunning = true;
    this.#persistence
      .snapshot(this.#state())
      .catch(this.#options.onError)
      .finally(() => {
        this.#snapshotRunning = false;
      });
  }

  /** Every live record, plus the saved state of instances not opened in this run. */
  #state(): QueueSnapshot {
    const state: QueueSnapshot = new Map(
      [...this.#persistence.initial].map(([id, kinds]) => [
        id,
        new Map([...kinds].map(([k, v]) => [k, new Map(v)])),
      ]),
    );
    for (const [id, instance] of this.#instances) {
      const kinds = new Map<JournalKind, Map<string, unknown>>([
        ["message", new Map(instance.messages)],
        ["dlq", new Map(instance.dlq)],
        ["queue", new Map(instance.queues)],
        ["schedule", new Map(instance.schedules)],
        ["topic", new Map(instance.topics)],
        ["dedup", new Map(instance.dedup)],
        ["flow", new Map([...instance.flows].map(([key, flow]) => [key, flowConfig(flow)]))],
        ...eventKinds(instance.events),
      ]);
      // JSON copies, so the snapshot is what the records were when it was asked for.
      state.set(
        id,
        new Map(
          [...kinds].map(([kind, entries]) => [
            kind,
            new Map(
              [...entries].map(([key, value]) => [
                key,
                JSON.parse(JSON.stringify(value)) as unknown,
              ]),
            ),
          ]),
        ),
      );
    }
    return state;
  }

  /** Every instance's messages, queues, schedules, URL groups and DLQ, for an emulator snapshot. */
  storeState(): StoreState {
    return this.#persistence.storeState(this.#state());
  }

  async close(): Promise<void> {
    for (const instance of this.#instances.values()) {
      instance.close();
    }
    await this.#persistence.close(this.#state());
    await this.#deliverer.close();
  }
}

function restore(
  instance: QueueInstance,
  saved: Map<JournalKind, Map<string, unknown>> | undefined,
): void {
  if (saved === undefined) {
    return;
  }
  for (const [key, value] of saved.get("queue") ?? []) {
    instance.queues.set(key, value as QueueRecord);
  }
  for (const [key, value] of saved.get("topic") ?? []) {
    instance.topics.set(key, value as UrlGroupRecord);
  }
  for (const [key, value] of saved.get("schedule") ?? []) {
    instance.schedules.set(key, value as ScheduleRecord);
  }
  for (const value of saved.get("dlq")?.values() ?? []) {
    instance.restoreDlq(value as DlqRecord);
  }
  for (const [key, value] of saved.get("dedup") ?? []) {
    instance.dedup.set(key, value as { messageId: string; expiresAt: number });
  }
  for (const value of saved.get("flow")?.values() ?? []) {
    instance.restoreFlow(value as FlowControlConfig);
  }
  for (const value of saved.get("message")?.values() ?? []) {
    instance.restore(value as MessageRecord);
  }
  restoreEvents(instance, saved);
}

/** The log as journal kinds: each entry, and once each message an entry refers to. */
function eventKinds(events: readonly StoredEvent[]): [JournalKind, Map<string, unknown>][] {
  const entries = new Map<string, unknown>();
  const records = new Map<string, unknown>();
  for (const event of events) {
    const encoded: EncodedEvent = [event.time, event.state, event.record.id, event.extra ?? null];
    entries.set(String(event.seq), encoded);
    records.set(event.record.id, event.record);
  }
  return [
    ["event", entries],
    ["eventRecord", records],
  ];
}

function restoreEvents(
  instance: QueueInstance,
  saved: Map<JournalKind, Map<string, unknown>>,
): void {
  const records = saved.get("eventRecord");
  const events: StoredEvent[] = [];
  for (const [key, value] of saved.get("event") ?? []) {
    const [time, state, messageId, extra] = value as EncodedEvent;
    const record = (instance.messages.get(messageId) ?? records?.get(messageId)) as
      | MessageRecord
      | undefined;
    // A message put with no entry refers to nothing; an entry without its message cannot show.
    if (record !== undefined) {
      events.push({ seq: Number(key), time, state, record, extra: extra ?? undefined });
    }
  }
  instance.restoreEvents(events);
}
