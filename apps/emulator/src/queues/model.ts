/** The queue product's records: what is kept (and persisted) per queue instance. */
import type { QStashMethod } from "@stratus/core/schemas";

/**
 * The emulator's clock as the queue product uses it (the engine's `Clock` fits): delays, retries,
 * schedules and deduplication windows run on it, so a `ManualClock` fast-forwards them.
 */
export interface QueueClock {
  now(): number;
  setTimer(delayMs: number, callback: () => void): { cancel(): void };
}

/** Options of a callback or failure-callback message (`Upstash-Callback-*`, §3). */
export interface CallbackOptions {
  readonly url: string;
  readonly method?: QStashMethod;
  readonly retries?: number;
  readonly timeoutMs?: number;
  readonly delayMs?: number;
  readonly headers: readonly (readonly [string, string])[];
}

export interface FlowControlSpec {
  readonly key: string;
  readonly parallelism?: number;
  readonly rate?: number;
  readonly periodS?: number;
}

/** What publish headers ask for, before a destination is resolved. */
export interface MessageSpec {
  readonly method: QStashMethod;
  /** Headers delivered to the destination: forwarded ones (prefix stripped) and Content-Type. */
  readonly headers: readonly (readonly [string, string])[];
  readonly delayMs?: number;
  /** Absolute earliest delivery, ms; wins over `delayMs`. */
  readonly notBefore?: number;
  readonly retries: number;
  readonly retryDelay?: string;
  readonly timeoutMs?: number;
  readonly callback?: CallbackOptions;
  readonly failureCallback?: CallbackOptions;
  readonly flowControl?: FlowControlSpec;
  readonly labels: readonly string[];
  /** `Upstash-Redact-Fields`: what logs and the API hide (delivery is unaffected). */
  readonly redact?: Redaction;
  readonly deduplicationId?: string;
  readonly contentBasedDeduplication: boolean;
}

export interface Redaction {
  readonly body: boolean;
  /** Every header (`true`) or these names (lower case). */
  readonly headers: true | readonly string[];
}

export type MessageKind = "message" | "callback" | "failure-callback";

/** A message not yet delivered, failed or cancelled. */
export interface MessageRecord {
  readonly id: string;
  readonly kind: MessageKind;
  readonly url: string;
  readonly topicName?: string;
  readonly endpointName?: string;
  readonly queueName?: string;
  readonly scheduleId?: string;
  readonly callerIp: string;
  readonly method: QStashMethod;
  readonly headers: readonly (readonly [string, string])[];
  /** base64 of the body (records are JSON when persisted). */
  readonly body: string;
  readonly maxRetries: number;
  readonly retryDelay?: string;
  readonly timeoutMs?: number;
  readonly callback?: CallbackOptions;
  readonly failureCallback?: CallbackOptions;
  readonly flowControl?: FlowControlSpec;
  readonly labels: readonly string[];
  readonly redact?: Redaction;
  readonly createdAt: number;
  readonly notBefore: number;
  /** Retries done so far. */
  retried: number;
  /** When the next attempt may start. */
  dueAt: number;
}

export interface DlqRecord {
  readonly dlqId: string;
  readonly message: MessageRecord;
  readonly responseStatus?: number;
  readonly responseHeaders?: Record<string, string[]>;
  /** base64 */
  readonly responseBody?: string;
  readonly failedAt: number;
}

export interface QueueRecord {
  readonly name: string;
  parallelism: number;
  paused: boolean;
  readonly createdAt: number;
  updatedAt: number;
}

export interface ScheduleRecord {
  readonly scheduleId: string;
  readonly cron: string;
  readonly createdAt: number;
  readonly destination: string;
  readonly queueName?: string;
  readonly spec: MessageSpec;
  /** base64 */
  readonly body: string;
  readonly callerIp: string;
  isPaused: boolean;
  lastScheduleTime?: number;
  nextScheduleTime?: number;
  lastScheduleStates?: Record<string, "IN_PROGRESS" | "SUCCESS" | "FAIL">;
}

export interface UrlGroupRecord {
  readonly name: string;
  readonly createdAt: number;
  updatedAt: number;
  endpoints: { name?: string; url: string }[];
}

export interface FlowControlState {
  readonly key: string;
  parallelism?: number;
  rate?: number;
  periodS: number;
  isPaused: boolean;
  pinnedParallelism: boolean;
  pinnedRate: boolean;
  inFlight: number;
  rateCount: number;
  periodStart: number;
}
