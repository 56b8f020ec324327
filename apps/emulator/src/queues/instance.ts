/**
 * One queue instance (a QStash user): its messages, dead letters, queues, schedules, URL groups,
 * deduplication ids, flow-control keys and log, and the dispatcher that delivers messages on the
 * emulator's clock (§4). Every change goes to the journal, which persists it when there is a data
 * directory; publish answers once the journal has flushed.
 *
 * Dispatching: a message waits in `#delayed` (a heap by due time) until it is due, then in
 * its lane (`#lanes`) until its queue (parallelism, pause) and flow-control key (parallelism, rate, pause)
 * let it start. A queued message holds its queue slot through its retries (FIFO, §4.6).
 */
import { createHash, randomBytes } from "node:crypto";
import type {
  QStashCallbackBody,
  QStashEvent,
  QStashFlowControl,
  QStashPublishResult,
  QStashState,
} from "@stratus/core/schemas";
import { QStashHeaders as H } from "@stratus/core/schemas";
import { nextFire, parseCron } from "./cron.ts";
import type { AttemptOutcome, Deliverer } from "./delivery.ts";
import { badRequest, notFound } from "./errors.ts";
import { assertUrl } from "./headers.ts";
import { DueHeap } from "./heap.ts";
import { overLimit, type PlanLimits, planLimits, QueueLimits } from "./limits.ts";
import type {
  DlqRecord,
  FlowControlState,
  MessageRecord,
  MessageSpec,
  QueueClock,
  QueueRecord,
  ScheduleRecord,
  UrlGroupRecord,
} from "./model.ts";
import { compileRetryDelay } from "./retry-delay.ts";
import { signDelivery } from "./signing.ts";
import { headerMap, messageView } from "./views.ts";

/** Default per-attempt timeout when `Upstash-Timeout` is unset (the plan's 15 min maximum). */
const DEFAULT_TIMEOUT_MS = 900_000;
/** Deduplication ids are kept this long (the SDK's documentation: 90 days). */
export const DEDUP_WINDOW_MS = 90 * 86_400_000;
/** The backoff cap (§4.3). */
const MAX_BACKOFF_MS = 86_400_000;

export interface Journal {
  /** False without a data directory: nothing needs encoding. */
  readonly isDurable: boolean;
  put(kind: JournalKind, key: string, value: unknown): void;
  remove(kind: JournalKind, key: string): void;
  flush(): Promise<void>;
}

/**
 * What the journal keeps. `event` is a log entry (key: its sequence number, value:
 * {@link EncodedEvent}); `eventRecord` is the message an entry describes, kept while entries
 * refer to it (a message's own record goes once it is final). Removing `event` key
 * {@link ALL_EVENTS} drops the whole log.
 */
export type JournalKind =
  | "message"
  | "dlq"
  | "queue"
  | "schedule"
  | "topic"
  | "dedup"
  | "flow"
  | "event"
  | "eventRecord";

/** The `event` key whose removal drops every log entry (reset). */
export const ALL_EVENTS = "*";

/** A log entry as journalled: `[time, state, messageId, extra]`. */
export type EncodedEvent = readonly [number, QStashState, string, Partial<QStashEvent> | null];

export interface SigningKeys {
  current: string;
  next: string;
}

export interface InstanceOptions {
  readonly id: string;
  readonly clock: QueueClock;
  readonly deliverer: Deliverer;
  readonly journal: Journal;
  readonly signingKeys: () => SigningKeys;
  readonly onError: (error: unknown) => void;
  /** Called after each delivery attempt, for usage and listeners. */
  readonly onAttempt?: (event: QStashEvent) => void;
  /** The plan's bounds (log size and retention, global parallelism); the default plan's if unset. */
  readonly limits?: PlanLimits;
}

export interface PublishInput {
  /** A URL or a URL group name. */
  readonly destination: string;
  readonly spec: MessageSpec;
  readonly body: Uint8Array;
  readonly queueName?: string | undefined;
  readonly scheduleId?: string | undefined;
  readonly callerIp: string;
}

/** A log entry: the record as it was published, the state it reached and when. */
export interface StoredEvent {
  readonly seq: number;
  readonly time: number;
  readonly state: QStashState;
  readonly record: MessageRecord;
  readonly extra: Partial<QStashEvent> | undefined;
}

/** A log entry as `GET /v2/events` shows it (§2.6). */
export function eventView(event: StoredEvent): QStashEvent {
  const { record } = event;
  const view = messageView(record);
  return {
    time: event.time,
    state: event.state,
    messageId: record.id,
    url: record.url,
    ...(view.topicName === undefined ? {} : { topicName: view.topicName }),
    ...(view.endpointName === undefined ? {} : { endpointName: view.endpointName }),
    ...(view.scheduleId === undefined ? {} : { scheduleId: view.scheduleId }),
    ...(view.queueName === undefined ? {} : { queueName: view.queueName }),
    ...(view.header === undefined ? {} : { header: view.header }),
    ...(record.body === "" || record.redact?.body === true ? {} : { body: record.body }),
    method: record.method,
    maxRetries: record.maxRetries,
    ...(view.callback === undefined ? {} : { callback: view.callback }),
    ...(view.failureCallback === undefined ? {} : { failureCallback: view.failureCallback }),
    ...(view.flowControlKey === undefined ? {} : { flowControlKey: view.flowControlKey }),
    ...(view.label === undefined ? {} : { label: view.label, labels: view.labels ?? [] }),
    ...(record.timeoutMs === undefined ? {} : { timeout: record.timeoutMs }),
    ...event.extra,
  };
}

export class QueueInstance {
  readonly id: string;
  readonly messages = new Map<string, MessageRecord>();
  readonly dlq = new Map<string, DlqRecord>();
  readonly queues = new Map<string, QueueRecord>();
  readonly schedules = new Map<string, ScheduleRecord>();
  readonly topics = new Map<string, UrlGroupRecord>();
  readonly dedup = new Map<string, { messageId: string; expiresAt: number }>();
  readonly flows = new Map<string, FlowControlState>();
  readonly events: StoredEvent[] = [];
  readonly #options: InstanceOptions;
  #limits: PlanLimits;
  readonly #delayed = new DueHeap();
  /**
   * Due messages waiting to start, by lane: a queue (`q:name`, FIFO under its parallelism) or,
   * outside queues, a flow-control key (`f:key`; `f:` has no limits). A blocked head blocks its
   * lane, so a pump costs the lanes, not every waiting message (a queue of thousands drains in
   * linear time).
   */
  readonly #lanes = new Map<string, Lane>();
  readonly #inFlight = new Set<string>();
  /** Queued messages holding their queue's slot (first attempt started, not final yet). */
  readonly #holdingSlot = new Set<string>();
  readonly #laneActive = new Map<string, number>();
  #eventSeq = 0;
  #lastHousekeeping = Number.NEGATIVE_INFINITY;
  /** The second part of DLQ ids (`{ms}-{n}`, the docs' form), so ids sort in failure order. */
  #dlqSeq = 0;
  #timer: { cancel(): void } | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  #pumpQueued = false;
  #closed = false;
  /** Resolves when nothing is in flight; for tests and shutdown. */
  readonly #idleWaiters: (() => void)[] = [];

  constructor(options: InstanceOptions) {
    this.id = options.id;
    this.#options = options;
    this.#limits = options.limits ?? planLimits(undefined);
  }

  /** The plan's bounds now in force (the service sets them from the instance's record). */
  get limits(): PlanLimits {
    return this.#limits;
  }

  set limits(limits: PlanLimits) {
    if (limits.globalParallelism !== this.#limits.globalParallelism) {
      this.#requestPump();
    }
    this.#limits = limits;
  }

  get #now(): number {
    return this.#options.clock.now();
  }

  /** Puts a message recovered from the journal back in line (in-flight ones are delivered again). */
  restore(record: MessageRecord): void {
    this.messages.set(record.id, record);
    this.#delayed.push(record.dueAt, record.id);
  }

  // ---------------------------------------------------------------- publish

  publish(input: PublishInput): QStashPublishResult | QStashPublishResult[] {
    const { destination } = input;
    if (input.queueName !== undefined) {
      this.#ensureQueue(input.queueName);
    }
    if (/^https?:\/\//i.test(destination)) {
      assertUrl(destination, "destination");
      return this.#publishOne(input, { url: destination });
    }
    if (destination === "api/llm" || destination.startsWith("api/")) {
      badRequest(
        `destination ${destination} is an API integration (LLM, email), which Stratus does not serve; publish to a URL or a URL group`,
      );
    }
    if (/^[A-Za-z]+:/.test(destination) || destination.includes("/")) {
      badRequest(
        `invalid destination: ${JSON.stringify(destination)} is neither an http(s) URL nor a URL group name`,
      );
    }
    const group = this.topics.get(destination);
    if (group === undefined) {
      notFound(`topic ${destination} not found`);
    }
    return group.endpoints.map((endpoint) =>
      this.#publishOne(input, {
        url: endpoint.url,
        topicName: group.name,
        ...(endpoint.name === undefined ? {} : { endpointName: endpoint.name }),
      }),
    );
  }

  /**
   * How many messages a publish to `destination` adds: one for a URL, one per endpoint for a URL
   * group (what the daily quota and billing count). A destination publish would refuse counts one.
   */
  messageCount(destination: string): number {
    const group = /^https?:\/\//i.test(destination) ? undefined : this.topics.get(destination);
    return group === undefined ? 1 : group.endpoints.length;
  }

  #publishOne(
    input: PublishInput,
    target: { url: string; topicName?: string; endpointName?: string },
  ): QStashPublishResult {
    const { spec } = input;
    const now = this.#now;
    const dedupKey = this.#dedupKey(input, target.url);
    if (dedupKey !== undefined) {
      const seen = this.dedup.get(dedupKey);
      if (seen !== undefined && seen.expiresAt > now) {
        return { messageId: seen.messageId, url: target.url, deduplicated: true };
      }
    }
    const notBefore = spec.notBefore ?? now + (spec.delayMs ?? 0);
    if (notBefore - now > QueueLimits.MAX_DELAY_MS) {
      overLimit("the delay", QueueLimits.MAX_DELAY_MS / 1000);
    }
    const record: MessageRecord = {
      id: newMessageId(),
      kind: "message",
      url: target.url,
      ...(target.topicName === undefined ? {} : { topicName: target.topicName }),
      ...(target.endpointName === undefined ? {} : { endpointName: target.endpointName }),
      ...(input.queueName === undefined ? {} : { queueName: input.queueName }),
      ...(input.scheduleId === undefined ? {} : { scheduleId: input.scheduleId }),
      callerIp: input.callerIp,
      method: spec.method,
      headers: spec.headers,
      body: Buffer.from(input.body).toString("base64"),
      maxRetries: spec.retries,
      ...(spec.retryDelay === undefined ? {} : { retryDelay: spec.retryDelay }),
      ...(spec.timeoutMs === undefined ? {} : { timeoutMs: spec.timeoutMs }),
      ...(spec.callback === undefined ? {} : { callback: spec.callback }),
      ...(spec.failureCallback === undefined ? {} : { failureCallback: spec.failureCallback }),
      ...(spec.flowControl === undefined ? {} : { flowControl: spec.flowControl }),
      labels: spec.labels,
      ...(spec.redact === undefined ? {} : { redact: spec.redact }),
      createdAt: now,
      notBefore,
      retried: 0,
      dueAt: notBefore,
    };
    if (dedupKey !== undefined) {
      const entry = { messageId: record.id, expiresAt: now + DEDUP_WINDOW_MS };
      this.dedup.set(dedupKey, entry);
      this.#options.journal.put("dedup", dedupKey, entry);
    }
    if (spec.flowControl !== undefined) {
      this.#configureFlow(spec.flowControl);
    }
    this.#accept(record);
    return { messageId: record.id, url: target.url };
  }

  #dedupKey(input: PublishInput, url: string): string | undefined {
    const { spec } = input;
    if (spec.deduplicationId !== undefined) {
      return `id:${url}:${spec.deduplicationId}`;
    }
    if (!spec.contentBasedDeduplication) {
      return undefined;
    }
    const hash = createHash("sha256");
    hash.update(url).update("\0").update(input.body);
    for (const [name, value] of spec.headers) {
      hash.update(`\0${name}:${value}`);
    }
    return `content:${hash.digest("base64url")}`;
  }

  #accept(record: MessageRecord): void {
    this.messages.set(record.id, record);
    this.#options.journal.put("message", record.id, record);
    this.#log(record, "CREATED");
    this.#delayed.push(record.dueAt, record.id);
    this.#requestPump();
  }

  // ---------------------------------------------------------------- dispatch

  #requestPump(): void {
    if (this.#pumpQueued || this.#closed) {
      return;
    }
    this.#pumpQueued = true;
    queueMicrotask(() => {
      this.#pumpQueued = false;
      this.pump();
    });
  }

  /** Starts every message that is due and allowed to start; sets the clock timer for the rest. */
  pump(): void {
    if (this.#closed) {
      return;
    }
    const now = this.#now;
    this.#housekeeping(now);
    this.#fireSchedules(now);
    for (
      let top = this.#delayed.peek();
      top !== undefined && top[0] <= now;
      top = this.#delayed.peek()
    ) {
      this.#delayed.pop();
      const record = this.messages.get(top[1]);
      if (record !== undefined && record.dueAt === top[0] && !this.#inFlight.has(record.id)) {
        this.#enterLane(record);
      }
    }
    let wakeAt = Number.POSITIVE_INFINITY;
    for (const [key, lane] of this.#lanes) {
      wakeAt = Math.min(wakeAt, this.#drainLane(lane, now));
      if (lane.retrying.length === 0 && lane.waiting.length === 0) {
        this.#lanes.delete(key);
      }
    }
    this.#arm(
      Math.min(
        wakeAt,
        this.#delayed.peek()?.[0] ?? Number.POSITIVE_INFINITY,
        this.#nextScheduleAt(),
      ),
    );
  }

  /**
   * Drops expired deduplication ids and dead letters past the plan's DLQ retention, at most once a
   * minute of the clock (on the next pump: nothing waits on them).
   */
  #housekeeping(now: number): void {
    if (now - this.#lastHousekeeping < 60_000) {
      return;
    }
    this.#lastHousekeeping = now;
    for (const [key, entry] of this.dedup) {
      if (entry.expiresAt <= now) {
        this.dedup.delete(key);
        this.#options.journal.remove("dedup", key);
      }
    }
    for (const [dlqId, entry] of this.dlq) {
      if (entry.failedAt + QueueLimits.DLQ_RETENTION_MS <= now) {
        this.removeDlq(dlqId);
      }
    }
    this.#trimEvents(now);
  }

  #enterLane(record: MessageRecord): void {
    const key =
      record.queueName === undefined
        ? `f:${record.flowControl?.key ?? ""}`
        : `q:${record.queueName}`;
    let lane = this.#lanes.get(key);
    if (lane === undefined) {
      lane = { queueName: record.queueName, retrying: [], waiting: new Fifo() };
      this.#lanes.set(key, lane);
    }
    if (this.#holdingSlot.has(record.id)) {
      lane.retrying.push(record.id);
    } else {
      lane.waiting.push(record.id);
    }
  }

  /** Starts what the lane allows; answers when to look again (infinity: on an event). */
  #drainLane(lane: Lane, now: number): number {
    let wakeAt = Number.POSITIVE_INFINITY;
    const queue = lane.queueName === undefined ? undefined : this.queues.get(lane.queueName);
    if (queue?.paused === true) {
      return wakeAt;
    }
    const globalMax = this.#limits.globalParallelism;
    // Retries already hold their queue slot: only flow control (and the global cap) hold them.
    if (lane.retrying.length > 0) {
      lane.retrying = lane.retrying.filter((id) => {
        const record = this.messages.get(id);
        if (record === undefined || this.#inFlight.has(id)) {
          return false;
        }
        if (this.#inFlight.size >= globalMax) {
          // A delivery that ends pumps again.
          return true;
        }
        const wait = this.#flowBlockedUntil(record, now);
        if (wait === undefined) {
          this.#start(record);
          return false;
        }
        wakeAt = Math.min(wakeAt, wait);
        return true;
      });
    }
    for (let id = lane.waiting.peek(); id !== undefined; id = lane.waiting.peek()) {
      const record = this.messages.get(id);
      if (record === undefined || this.#inFlight.has(id)) {
        lane.waiting.shift();
        continue;
      }
      if (this.#inFlight.size >= globalMax) {
        break;
      }
      if (
        lane.queueName !== undefined &&
        (this.#laneActive.get(lane.queueName) ?? 0) >= (queue?.parallelism ?? 1)
      ) {
        break;
      }
      const wait = this.#flowBlockedUntil(record, now);
      if (wait !== undefined) {
        wakeAt = Math.min(wakeAt, wait);
        break;
      }
      lane.waiting.shift();
      this.#start(record);
    }
    return wakeAt;
  }

  /** undefined when flow control lets `record` start now; else when to look again. */
  #flowBlockedUntil(record: MessageRecord, now: number): number | undefined {
    const flow =
      record.flowControl === undefined ? undefined : this.flows.get(record.flowControl.key);
    if (flow !== undefined) {
      if (flow.isPaused) {
        return Number.POSITIVE_INFINITY;
      }
      if (flow.parallelism !== undefined && flow.inFlight >= flow.parallelism) {
        return Number.POSITIVE_INFINITY;
      }
      if (flow.rate !== undefined) {
        const periodEnd = flow.periodStart + flow.periodS * 1000;
        if (now >= periodEnd) {
          flow.periodStart = now;
          flow.rateCount = 0;
        } else if (flow.rateCount >= flow.rate) {
          return periodEnd;
        }
      }
    }
    return undefined;
  }

  #arm(at: number): void {
    if (at === this.#timerAt || this.#closed) {
      return;
    }
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#timerAt = at;
    if (at === Number.POSITIVE_INFINITY) {
      return;
    }
    this.#timer = this.#options.clock.setTimer(at - this.#now, () => {
      this.#timer = undefined;
      this.#timerAt = Number.POSITIVE_INFINITY;
      this.pump();
    });
  }

  #start(record: MessageRecord): void {
    this.#inFlight.add(record.id);
    if (record.queueName !== undefined && !this.#holdingSlot.has(record.id)) {
      this.#holdingSlot.add(record.id);
      this.#laneActive.set(record.queueName, (this.#laneActive.get(record.queueName) ?? 0) + 1);
    }
    const flow =
      record.flowControl === undefined ? undefined : this.flows.get(record.flowControl.key);
    if (flow !== undefined) {
      flow.inFlight++;
      flow.rateCount++;
    }
    this.#log(record, "ACTIVE");
    const body = Buffer.from(record.body, "base64");
    const keys = this.#options.signingKeys();
    const headers: Record<string, string> = { "user-agent": "Upstash-QStash" };
    for (const [name, value] of record.headers) {
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    headers[H.SIGNATURE] = signDelivery({ key: keys.current, url: record.url, body });
    headers[H.MESSAGE_ID] = record.id;
    headers[H.RETRIED] = String(record.retried);
    headers[H.CALLER_IP] = record.callerIp;
    if (record.scheduleId !== undefined) {
      headers[H.SCHEDULE_ID] = record.scheduleId;
    }
    if (record.topicName !== undefined) {
      headers[H.TOPIC_NAME] = record.topicName;
    }
    const timeoutMs = record.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#options.deliverer
      .attempt({ url: record.url, method: record.method, headers, body, timeoutMs })
      .catch(
        (error: unknown): AttemptOutcome => ({
          ok: false,
          headers: {},
          body: new Uint8Array(),
          error: String(error),
        }),
      )
      .then((outcome) => {
        // After close() the store is closed too: what was in flight is delivered again on start.
        if (!this.#closed) {
          this.#finishAttempt(record, outcome);
        }
      })
      .catch(this.#options.onError);
  }

  #finishAttempt(record: MessageRecord, outcome: AttemptOutcome): void {
    this.#inFlight.delete(record.id);
    const flow =
      record.flowControl === undefined ? undefined : this.flows.get(record.flowControl.key);
    if (flow !== undefined) {
      flow.inFlight = Math.max(0, flow.inFlight - 1);
    }
    if (this.messages.get(record.id) !== record) {
      // Cancelled while in flight: its slot was released by the cancel.
      this.#afterChange();
      return;
    }
    const now = this.#now;
    if (
      outcome.status !== undefined &&
      record.callback !== undefined &&
      record.kind === "message"
    ) {
      this.#enqueueCallback(record, { outcome, options: record.callback });
    }
    if (outcome.ok) {
      this.#log(record, "DELIVERED", { responseStatus: outcome.status });
      this.#markSchedule(record, "SUCCESS");
      this.#finish(record);
    } else {
      this.#log(record, "ERROR", {
        error: outcome.error ?? "delivery failed",
        ...(outcome.status === undefined
          ? {}
          : {
              responseStatus: outcome.status,
              responseHeaders: outcome.headers,
              responseBody: Buffer.from(outcome.body).toString("base64"),
            }),
      });
      if (record.retried < record.maxRetries) {
        record.retried++;
        record.dueAt = now + this.#backoffMs(record);
        this.#options.journal.put("message", record.id, record);
        this.#log(record, "RETRY", { nextDeliveryTime: record.dueAt });
        this.#delayed.push(record.dueAt, record.id);
      } else {
        this.#deadLetter(record, outcome);
      }
    }
    this.#afterChange();
  }

  #backoffMs(record: MessageRecord): number {
    if (record.retryDelay !== undefined) {
      return compileRetryDelay(record.retryDelay)(record.retried - 1);
    }
    // §4.3: min(86400, e^(2.5 n)) seconds, n the retries done so far (the first retry n = 1).
    return Math.min(MAX_BACKOFF_MS, Math.round(Math.exp(2.5 * record.retried) * 1000));
  }

  #deadLetter(record: MessageRecord, outcome: AttemptOutcome): void {
    this.#log(
      record,
      "FAILED",
      outcome.status === undefined ? {} : { responseStatus: outcome.status },
    );
    this.#markSchedule(record, "FAIL");
    this.#finish(record);
    if (record.kind !== "message") {
      return;
    }
    const entry: DlqRecord = {
      dlqId: `${this.#now}-${++this.#dlqSeq}`,
      message: record,
      ...(outcome.status === undefined
        ? {}
        : {
            responseStatus: outcome.status,
            responseHeaders: outcome.headers,
            responseBody: Buffer.from(outcome.body).toString("base64"),
          }),
      failedAt: this.#now,
    };
    this.dlq.set(entry.dlqId, entry);
    this.#options.journal.put("dlq", entry.dlqId, entry);
    if (record.failureCallback !== undefined) {
      this.#enqueueCallback(record, {
        outcome,
        options: record.failureCallback,
        dlqId: entry.dlqId,
      });
    }
  }

  #enqueueCallback(
    source: MessageRecord,
    context: {
      outcome: AttemptOutcome;
      options: NonNullable<MessageRecord["callback"]>;
      dlqId?: string;
    },
  ): void {
    const { outcome, options } = context;
    const payload: QStashCallbackBody = {
      status: outcome.status ?? 0,
      header: outcome.headers,
      body: Buffer.from(outcome.body).toString("base64"),
      retried: source.retried,
      maxRetries: source.maxRetries,
      sourceMessageId: source.id,
      ...(source.topicName === undefined ? {} : { topicName: source.topicName }),
      ...(source.endpointName === undefined ? {} : { endpointName: source.endpointName }),
      url: source.url,
      method: source.method,
      sourceHeader: headerMap(source.headers),
      sourceBody: source.body,
      notBefore: source.notBefore,
      createdAt: source.createdAt,
      ...(source.scheduleId === undefined ? {} : { scheduleId: source.scheduleId }),
      callerIP: source.callerIp,
      ...(context.dlqId === undefined ? {} : { dlqId: context.dlqId }),
    };
    const now = this.#now;
    const dueAt = now + (options.delayMs ?? 0);
    const record: MessageRecord = {
      id: newMessageId(),
      kind: context.dlqId === undefined ? "callback" : "failure-callback",
      url: options.url,
      callerIp: source.callerIp,
      method: options.method ?? "POST",
      headers: [["content-type", "application/json"], ...options.headers],
      body: Buffer.from(JSON.stringify(payload)).toString("base64"),
      maxRetries: options.retries ?? source.maxRetries,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      labels: [],
      createdAt: now,
      notBefore: dueAt,
      retried: 0,
      dueAt,
    };
    this.#accept(record);
  }

  /** Removes a message that reached a final state, releasing its queue slot. */
  #finish(record: MessageRecord): void {
    this.messages.delete(record.id);
    this.#options.journal.remove("message", record.id);
    if (record.queueName !== undefined && this.#holdingSlot.delete(record.id)) {
      this.#laneActive.set(
        record.queueName,
        Math.max(0, (this.#laneActive.get(record.queueName) ?? 1) - 1),
      );
    }
  }

  #afterChange(): void {
    this.#requestPump();
    if (this.#inFlight.size === 0) {
      for (const resolve of this.#idleWaiters.splice(0)) {
        resolve();
      }
    }
  }

  /** Resolves once no delivery is in flight (tests, shutdown). */
  idle(): Promise<void> {
    return this.#inFlight.size === 0
      ? Promise.resolve()
      : new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  get inFlightCount(): number {
    return this.#inFlight.size;
  }

  /**
   * Empties the instance (`POST /_stratus/reset/queues`): messages, dead letters, queues,
   * schedules, URL groups, deduplication ids, flow-control keys and the log go; the instance, its
   * tokens and signing keys stay. A delivery in flight finishes as if cancelled: it is not retried.
   */
  reset(): void {
    const journal = this.#options.journal;
    const stores: [JournalKind, Map<string, unknown>][] = [
      ["message", this.messages],
      ["dlq", this.dlq],
      ["queue", this.queues],
      ["schedule", this.schedules],
      ["topic", this.topics],
      ["dedup", this.dedup],
      ["flow", this.flows],
    ];
    for (const [kind, entries] of stores) {
      for (const key of entries.keys()) {
        journal.remove(kind, key);
      }
      entries.clear();
    }
    this.events.length = 0;
    journal.remove("event", ALL_EVENTS);
    this.#delayed.clear();
    this.#lanes.clear();
    this.#inFlight.clear();
    this.#holdingSlot.clear();
    this.#laneActive.clear();
    this.#arm(Number.POSITIVE_INFINITY);
    this.#afterChange();
  }

  close(): void {
    this.#closed = true;
    this.#timer?.cancel();
  }

  // ---------------------------------------------------------------- log

  /**
   * Notes a state change. The entry keeps the record and builds its view only when listed: the
   * fields it shows never change after publish, and three entries per message are hot.
   */
  #log(record: MessageRecord, state: QStashState, extra?: Partial<QStashEvent>): void {
    const event: StoredEvent = { seq: ++this.#eventSeq, time: this.#now, state, record, extra };
    this.events.push(event);
    const journal = this.#options.journal;
    if (journal.isDurable) {
      const encoded: EncodedEvent = [event.time, state, record.id, extra ?? null];
      journal.put("event", String(event.seq), encoded);
    }
    // Trimmed in chunks: one splice per maxEvents / 2 events, not one per event.
    if (this.events.length > this.#limits.maxEvents * 1.5) {
      this.events.splice(0, this.events.length - this.#limits.maxEvents);
    }
    const listener = this.#options.onAttempt;
    if (listener !== undefined && state !== "CREATED" && state !== "ACTIVE") {
      listener(eventView(event));
    }
  }

  /**
   * Puts the log recovered from the journal back, within the plan's bounds (the newest
   * `maxEvents` entries, none past the retention): entries are only appended to the journal, so
   * what the bounds dropped in the last run is dropped again here.
   */
  restoreEvents(events: readonly StoredEvent[]): void {
    const sorted = [...events].sort((a, b) => a.seq - b.seq);
    const kept = sorted.slice(Math.max(0, sorted.length - this.#limits.maxEvents));
    this.events.length = 0;
    for (const event of kept) {
      this.events.push(event);
    }
    this.#eventSeq = Math.max(this.#eventSeq, sorted.at(-1)?.seq ?? 0);
    this.#trimEvents(this.#now);
  }

  /** Drops log entries past the plan's retention (entries are in time order). */
  #trimEvents(now: number): void {
    const cutoff = now - this.#limits.eventRetentionMs;
    let expired = 0;
    while (expired < this.events.length && (this.events[expired]?.time ?? now) <= cutoff) {
      expired++;
    }
    if (expired > 0) {
      this.events.splice(0, expired);
    }
  }

  // ---------------------------------------------------------------- messages

  cancel(messageId: string): boolean {
    const record = this.messages.get(messageId);
    if (record === undefined) {
      return false;
    }
    this.#log(record, "CANCEL_REQUESTED");
    this.#finish(record);
    this.#log(record, "CANCELLED");
    this.#afterChange();
    return true;
  }

  // ---------------------------------------------------------------- dlq

  /** Puts a dead letter recovered from the journal back. */
  restoreDlq(entry: DlqRecord): void {
    this.dlq.set(entry.dlqId, entry);
    this.#dlqSeq = Math.max(this.#dlqSeq, Number(entry.dlqId.split("-")[1] ?? 0));
  }

  retryDlq(dlqId: string): string | undefined {
    const entry = this.dlq.get(dlqId);
    if (entry === undefined) {
      return undefined;
    }
    this.removeDlq(dlqId);
    const now = this.#now;
    const record: MessageRecord = {
      ...entry.message,
      id: newMessageId(),
      createdAt: now,
      notBefore: now,
      retried: 0,
      dueAt: now,
    };
    this.#accept(record);
    return record.id;
  }

  removeDlq(dlqId: string): boolean {
    const had = this.dlq.delete(dlqId);
    if (had) {
      this.#options.journal.remove("dlq", dlqId);
    }
    return had;
  }

  // ---------------------------------------------------------------- queues

  #ensureQueue(name: string): QueueRecord {
    let queue = this.queues.get(name);
    if (queue === undefined) {
      if (this.queues.size >= QueueLimits.MAX_QUEUES) {
        overLimit("the number of queues", QueueLimits.MAX_QUEUES);
      }
      const now = this.#now;
      queue = { name, parallelism: 1, paused: false, createdAt: now, updatedAt: now };
      this.queues.set(name, queue);
      this.#options.journal.put("queue", name, queue);
    }
    return queue;
  }

  upsertQueue(input: {
    name: string;
    parallelism?: number | undefined;
    paused?: boolean | undefined;
  }): void {
    if ((input.parallelism ?? 0) > QueueLimits.MAX_PARALLELISM) {
      overLimit("parallelism", QueueLimits.MAX_PARALLELISM);
    }
    const queue = this.#ensureQueue(input.name);
    queue.parallelism = input.parallelism ?? queue.parallelism;
    queue.paused = input.paused ?? queue.paused;
    queue.updatedAt = this.#now;
    this.#options.journal.put("queue", queue.name, queue);
    this.#requestPump();
  }

  setQueuePaused(name: string, paused: boolean): void {
    const queue = this.queues.get(name) ?? notFound(`queue ${name} not found`);
    queue.paused = paused;
    queue.updatedAt = this.#now;
    this.#options.journal.put("queue", name, queue);
    this.#requestPump();
  }

  deleteQueue(name: string): void {
    if (!this.queues.delete(name)) {
      notFound(`queue ${name} not found`);
    }
    this.#options.journal.remove("queue", name);
    for (const record of [...this.messages.values()]) {
      if (record.queueName === name) {
        this.cancel(record.id);
      }
    }
  }

  queueLag(name: string): number {
    let lag = 0;
    for (const record of this.messages.values()) {
      if (record.queueName === name && !this.#holdingSlot.has(record.id)) {
        lag++;
      }
    }
    return lag;
  }

  // ---------------------------------------------------------------- schedules

  createSchedule(input: {
    scheduleId?: string | undefined;
    cron: string;
    destination: string;
    queueName?: string | undefined;
    spec: MessageSpec;
    body: Uint8Array;
    callerIp: string;
  }): string {
    const cron = parseCron(input.cron);
    if (/^https?:\/\//i.test(input.destination)) {
      assertUrl(input.destination, "destination");
    } else if (!this.topics.has(input.destination)) {
      notFound(`topic ${input.destination} not found`);
    }
    const now = this.#now;
    const scheduleId =
      input.scheduleId ?? `scd_${randomBytes(16).toString("base64url").replace(/[-_]/g, "x")}`;
    const previous = this.schedules.get(scheduleId);
    if (previous === undefined && this.schedules.size >= QueueLimits.MAX_SCHEDULES) {
      overLimit("the number of schedules", QueueLimits.MAX_SCHEDULES);
    }
    const next = nextFire(cron, now);
    const schedule: ScheduleRecord = {
      scheduleId,
      cron: input.cron,
      createdAt: previous?.createdAt ?? now,
      destination: input.destination,
      ...(input.queueName === undefined ? {} : { queueName: input.queueName }),
      spec: input.spec,
      body: Buffer.from(input.body).toString("base64"),
      callerIp: input.callerIp,
      isPaused: false,
      ...(next === undefined ? {} : { nextScheduleTime: next }),
    };
    this.schedules.set(scheduleId, schedule);
    this.#options.journal.put("schedule", scheduleId, schedule);
    this.#requestPump();
    return scheduleId;
  }

  setSchedulePaused(scheduleId: string, paused: boolean): void {
    const schedule = this.schedules.get(scheduleId) ?? notFound(`schedule ${scheduleId} not found`);
    schedule.isPaused = paused;
    if (!paused) {
      const next = nextFire(parseCron(schedule.cron), this.#now);
      if (next !== undefined) {
        schedule.nextScheduleTime = next;
      }
    }
    this.#options.journal.put("schedule", scheduleId, schedule);
    this.#requestPump();
  }

  deleteSchedule(scheduleId: string): void {
    if (!this.schedules.delete(scheduleId)) {
      notFound(`schedule ${scheduleId} not found`);
    }
    this.#options.journal.remove("schedule", scheduleId);
  }

  #nextScheduleAt(): number {
    let at = Number.POSITIVE_INFINITY;
    for (const schedule of this.schedules.values()) {
      if (!schedule.isPaused && schedule.nextScheduleTime !== undefined) {
        at = Math.min(at, schedule.nextScheduleTime);
      }
    }
    return at;
  }

  #fireSchedules(now: number): void {
    for (const schedule of this.schedules.values()) {
      const due = schedule.nextScheduleTime;
      if (schedule.isPaused || due === undefined || due > now) {
        continue;
      }
      // One fire per pump even when the clock jumped over several ticks (a missed tick is skipped,
      // as the service does after downtime).
      const next = nextFire(parseCron(schedule.cron), now);
      schedule.lastScheduleTime = due;
      if (next === undefined) {
        delete schedule.nextScheduleTime;
      } else {
        schedule.nextScheduleTime = next;
      }
      schedule.lastScheduleStates = {};
      try {
        const published = this.publish({
          destination: schedule.destination,
          spec: schedule.spec,
          body: Buffer.from(schedule.body, "base64"),
          queueName: schedule.queueName,
          scheduleId: schedule.scheduleId,
          callerIp: schedule.callerIp,
        });
        for (const result of Array.isArray(published) ? published : [published]) {
          schedule.lastScheduleStates[result.messageId] = "IN_PROGRESS";
        }
      } catch (error: unknown) {
        // The URL group was deleted since: the tick publishes nothing.
        this.#options.onError(error);
      }
      this.#options.journal.put("schedule", schedule.scheduleId, schedule);
    }
  }

  #markSchedule(record: MessageRecord, state: "SUCCESS" | "FAIL"): void {
    if (record.scheduleId === undefined || record.kind !== "message") {
      return;
    }
    const states = this.schedules.get(record.scheduleId)?.lastScheduleStates;
    if (states !== undefined && record.id in states) {
      states[record.id] = state;
    }
  }

  // ---------------------------------------------------------------- URL groups

  addEndpoints(
    name: string,
    endpoints: readonly { name?: string | undefined; url?: string | undefined }[],
  ): void {
    if (!/^[A-Za-z0-9_.-]+$/.test(name)) {
      badRequest(
        `invalid URL group name ${JSON.stringify(name)}: use letters, digits, '-', '_' and '.'`,
      );
    }
    const now = this.#now;
    if (!this.topics.has(name) && this.topics.size >= QueueLimits.MAX_TOPICS) {
      overLimit("the number of URL groups", QueueLimits.MAX_TOPICS);
    }
    const group = this.topics.get(name) ?? { name, createdAt: now, updatedAt: now, endpoints: [] };
    for (const endpoint of endpoints) {
      if (endpoint.url === undefined) {
        badRequest("every endpoint needs a url");
      }
      assertUrl(endpoint.url, "endpoint url");
      group.endpoints = group.endpoints.filter(
        (existing) =>
          existing.url !== endpoint.url &&
          (endpoint.name === undefined || existing.name !== endpoint.name),
      );
      group.endpoints.push({
        ...(endpoint.name === undefined ? {} : { name: endpoint.name }),
        url: endpoint.url,
      });
    }
    if (group.endpoints.length > QueueLimits.MAX_ENDPOINTS_PER_TOPIC) {
      overLimit("the number of endpoints in a URL group", QueueLimits.MAX_ENDPOINTS_PER_TOPIC);
    }
    group.updatedAt = now;
    this.topics.set(name, group);
    this.#options.journal.put("topic", name, group);
  }

  removeEndpoints(
    name: string,
    endpoints: readonly { name?: string | undefined; url?: string | undefined }[],
  ): void {
    const group = this.topics.get(name) ?? notFound(`topic ${name} not found`);
    group.endpoints = group.endpoints.filter(
      (existing) =>
        !endpoints.some(
          (gone) =>
            (gone.url !== undefined && gone.url === existing.url) ||
            (gone.name !== undefined && gone.name === existing.name),
        ),
    );
    group.updatedAt = this.#now;
    this.#options.journal.put("topic", name, group);
  }

  deleteTopic(name: string): void {
    if (!this.topics.delete(name)) {
      notFound(`topic ${name} not found`);
    }
    this.#options.journal.remove("topic", name);
  }

  // ---------------------------------------------------------------- flow control

  #configureFlow(spec: NonNullable<MessageSpec["flowControl"]>): void {
    const flow = this.flowState(spec.key);
    const before = flowConfig(flow);
    if (!flow.pinnedParallelism) {
      flow.parallelism = spec.parallelism;
    }
    if (!flow.pinnedRate) {
      flow.rate = spec.rate;
      flow.periodS = spec.periodS ?? 1;
    }
    // Journalled only when the configuration changes, not on every publish under the key.
    if (!sameFlowConfig(before, flowConfig(flow))) {
      this.#options.journal.put("flow", flow.key, flowConfig(flow));
    }
  }

  /** Puts a flow-control key's configuration (limits, pause, pins) recovered from the journal back. */
  restoreFlow(config: FlowControlConfig): void {
    this.flows.set(config.key, {
      ...config,
      inFlight: 0,
      rateCount: 0,
      periodStart: this.#now,
    });
  }

  flowState(key: string): FlowControlState {
    let flow = this.flows.get(key);
    if (flow === undefined) {
      flow = {
        key,
        periodS: 1,
        isPaused: false,
        pinnedParallelism: false,
        pinnedRate: false,
        inFlight: 0,
        rateCount: 0,
        periodStart: this.#now,
      };
      this.flows.set(key, flow);
    }
    return flow;
  }

  flowView(key: string): QStashFlowControl {
    const flow = this.flows.get(key) ?? notFound(`flow control key ${key} not found`);
    let waitListSize = 0;
    for (const record of this.messages.values()) {
      if (record.flowControl?.key === key && !this.#inFlight.has(record.id)) {
        waitListSize++;
      }
    }
    return {
      flowControlKey: key,
      waitListSize,
      parallelismMax: flow.parallelism ?? 0,
      parallelismCount: flow.inFlight,
      rateMax: flow.rate ?? 0,
      rateCount: flow.rateCount,
      ratePeriod: flow.periodS,
      ratePeriodStart: Math.floor(flow.periodStart / 1000),
      isPaused: flow.isPaused,
      isPinnedParallelism: flow.pinnedParallelism,
      isPinnedRate: flow.pinnedRate,
    };
  }

  /** `resetRate`: the count clears and a new period starts now (§2.11). */
  resetFlowRate(key: string): void {
    const flow = this.flows.get(key) ?? notFound(`flow control key ${key} not found`);
    flow.rateCount = 0;
    flow.periodStart = this.#now;
    this.#requestPump();
  }

  /** After a pause, resume, pin or unpin of `key`: journals its configuration and looks again. */
  flowChanged(key: string): void {
    const flow = this.flows.get(key);
    if (flow !== undefined) {
      this.#options.journal.put("flow", key, flowConfig(flow));
    }
    this.#requestPump();
  }

  get activeCount(): number {
    return this.#inFlight.size;
  }
}

/** What of a flow-control key is kept across restarts: its settings, not its running counters. */
export type FlowControlConfig = Omit<FlowControlState, "inFlight" | "rateCount" | "periodStart">;

export function flowConfig(flow: FlowControlState): FlowControlConfig {
  return {
    key: flow.key,
    ...(flow.parallelism === undefined ? {} : { parallelism: flow.parallelism }),
    ...(flow.rate === undefined ? {} : { rate: flow.rate }),
    periodS: flow.periodS,
    isPaused: flow.isPaused,
    pinnedParallelism: flow.pinnedParallelism,
    pinnedRate: flow.pinnedRate,
  };
}

function sameFlowConfig(a: FlowControlConfig, b: FlowControlConfig): boolean {
  return (
    a.parallelism === b.parallelism &&
    a.rate === b.rate &&
    a.periodS === b.periodS &&
    a.isPaused === b.isPaused &&
    a.pinnedParallelism === b.pinnedParallelism &&
    a.pinnedRate === b.pinnedRate
  );
}

/** A random prefix per process and a counter: unique across restarts, cheap per message. */
const ID_PREFIX = randomBytes(12).toString("base64url").replace(/[-_]/g, "x");
let idCounter = 0;

interface Lane {
  readonly queueName: string | undefined;
  /** Due retries of queued messages, which keep their slot. */
  retrying: string[];
  /** Due messages in arrival order. */
  readonly waiting: Fifo;
}

/** A first-in first-out list of ids with O(1) shift, compacted as it drains. */
class Fifo {
  #items: string[] = [];
  #head = 0;

  get length(): number {
    return this.#items.length - this.#head;
  }

  push(id: string): void {
    this.#items.push(id);
  }

  peek(): string | undefined {
    return this.#items[this.#head];
  }

  shift(): void {
    this.#head++;
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
  }
}

/** Message ids in the service's `msg_…` form. */
function newMessageId(): string {
  idCounter++;
  return `msg_${ID_PREFIX}${idCounter.toString(36).padStart(6, "0")}`;
}
