/**
 * The queue product's wire (`spec/queues-wire.md`, the QStash v2 API that `@upstash/qstash`
 * drives): header names, the SDK's dev-mode credentials, request bodies and the JSON objects the
 * API answers with. Header names are lower case, as HTTP heads and the SDK's batch bodies carry
 * them.
 */
import { z } from "zod";

/** Request and delivery headers (§3, §4.1). */
export const QStashHeaders = {
  METHOD: "upstash-method",
  DELAY: "upstash-delay",
  NOT_BEFORE: "upstash-not-before",
  RETRIES: "upstash-retries",
  RETRY_DELAY: "upstash-retry-delay",
  TIMEOUT: "upstash-timeout",
  CALLBACK: "upstash-callback",
  FAILURE_CALLBACK: "upstash-failure-callback",
  FORWARD_PREFIX: "upstash-forward-",
  CALLBACK_PREFIX: "upstash-callback-",
  FAILURE_CALLBACK_PREFIX: "upstash-failure-callback-",
  DEDUPLICATION_ID: "upstash-deduplication-id",
  CONTENT_BASED_DEDUPLICATION: "upstash-content-based-deduplication",
  FLOW_CONTROL_KEY: "upstash-flow-control-key",
  FLOW_CONTROL_VALUE: "upstash-flow-control-value",
  LABEL: "upstash-label",
  REDACT_FIELDS: "upstash-redact-fields",
  CRON: "upstash-cron",
  SCHEDULE_ID: "upstash-schedule-id",
  QUEUE_NAME: "upstash-queue-name",
  TELEMETRY_PREFIX: "upstash-telemetry-",
  // Sent to destinations.
  SIGNATURE: "upstash-signature",
  MESSAGE_ID: "upstash-message-id",
  RETRIED: "upstash-retried",
  TOPIC_NAME: "upstash-topic-name",
  CALLER_IP: "upstash-caller-ip",
} as const;

/** What `@upstash/qstash` uses in dev mode (`src/dev-server/constants.ts`, §1.4). */
export const QSTASH_DEV_CREDENTIALS = {
  token: "eyJVc2VySUQiOiJkZWZhdWx0VXNlciIsIlBhc3N3b3JkIjoiZGVmYXVsdFBhc3N3b3JkIn0=",
  currentSigningKey: "sig_7kYjw48mhY7kAjqNGcy6cr29RJ6r",
  nextSigningKey: "sig_5ZB6DVzB1wjE8S6rZ7eenA8Pdnhs",
} as const;

/** The port the SDK's dev mode looks at when `QSTASH_DEV_PORT` is unset. */
export const QSTASH_DEV_PORT = 8080;

/** Methods a message may be delivered with. */
export const QStashMethodSchema = z.enum(["GET", "POST", "PUT", "DELETE", "PATCH"]);
export type QStashMethod = z.output<typeof QStashMethodSchema>;

/** One element of `POST /v2/batch` (§2.4). */
export const QStashBatchEntrySchema = z.object({
  destination: z.string().min(1),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.string().optional(),
  queue: z.string().min(1).optional(),
});
export const QStashBatchBodySchema = z.array(QStashBatchEntrySchema);
export type QStashBatchEntry = z.output<typeof QStashBatchEntrySchema>;

/** `POST /v2/queues` (§2.8). */
export const QStashQueueUpsertSchema = z.object({
  queueName: z.string().min(1),
  parallelism: z.int().min(1).optional(),
  paused: z.boolean().optional(),
});
export type QStashQueueUpsert = z.output<typeof QStashQueueUpsertSchema>;

/** `POST|DELETE /v2/topics/{name}/endpoints` (§2.10). */
export const QStashEndpointsBodySchema = z.object({
  endpoints: z.array(
    z.object({ name: z.string().min(1).optional(), url: z.string().min(1).optional() }),
  ),
});

/** Headers as the API shows them: each name with all its values. */
export type QStashHeaderMap = Record<string, string[]>;

/** A publish answer for one destination (§2.2, §3.2). */
export interface QStashPublishResult {
  messageId: string;
  url?: string;
  deduplicated?: boolean;
}

/** `GET /v2/messages/{id}` (§2.5). */
export interface QStashMessage {
  messageId: string;
  url: string;
  topicName?: string;
  endpointName?: string;
  method: QStashMethod;
  header?: QStashHeaderMap;
  body?: string;
  bodyBase64?: string;
  maxRetries: number;
  retryDelayExpression?: string;
  notBefore: number;
  createdAt: number;
  callback?: string;
  failureCallback?: string;
  queueName?: string;
  scheduleId?: string;
  callerIp?: string;
  flowControlKey?: string;
  parallelism?: number;
  rate?: number;
  period?: number;
  timeout?: number;
  label?: string;
  labels?: string[];
}

/** A dead-lettered message (§2.7). */
export interface QStashDlqMessage extends QStashMessage {
  dlqId: string;
  responseStatus?: number;
  responseHeader?: QStashHeaderMap;
  responseBody?: string;
  responseBodyBase64?: string;
}

/** Log states (§6.1). */
export const QSTASH_STATES = [
  "CREATED",
  "ACTIVE",
  "RETRY",
  "ERROR",
  "DELIVERED",
  "FAILED",
  "CANCEL_REQUESTED",
  "CANCELLED",
] as const;
export type QStashState = (typeof QSTASH_STATES)[number];

/** One entry of `GET /v2/events` (§2.6). */
export interface QStashEvent {
  time: number;
  state: QStashState;
  messageId: string;
  url: string;
  topicName?: string;
  endpointName?: string;
  scheduleId?: string;
  queueName?: string;
  header?: QStashHeaderMap;
  body?: string;
  error?: string;
  nextDeliveryTime?: number;
  responseStatus?: number;
  responseBody?: string;
  responseHeaders?: QStashHeaderMap;
  timeout?: number;
  method?: string;
  callback?: string;
  failureCallback?: string;
  maxRetries?: number;
  label?: string;
  labels?: string[];
  flowControlKey?: string;
}

/** `GET /v2/queues/{name}` (§2.8). */
export interface QStashQueue {
  name: string;
  createdAt: number;
  updatedAt: number;
  parallelism: number;
  lag: number;
  paused: boolean;
}

/** `GET /v2/schedules/{id}` (§2.9). */
export interface QStashSchedule {
  scheduleId: string;
  cron: string;
  createdAt: number;
  destination: string;
  method: string;
  header?: QStashHeaderMap;
  body?: string;
  bodyBase64?: string;
  retries: number;
  delay?: number;
  callback?: string;
  failureCallback?: string;
  callerIp?: string;
  callerIP?: string;
  isPaused: boolean;
  queueName?: string;
  flowControlKey?: string;
  parallelism?: number;
  rate?: number;
  period?: number;
  retryDelayExpression?: string;
  label?: string;
  labels?: string[];
  lastScheduleTime?: number;
  nextScheduleTime?: number;
  lastScheduleStates?: Record<string, "IN_PROGRESS" | "SUCCESS" | "FAIL">;
}

/** `GET /v2/topics/{name}` (§2.10). */
export interface QStashUrlGroup {
  name: string;
  createdAt: number;
  updatedAt: number;
  endpoints: { name?: string; url: string }[];
}

/** `GET /v2/flowControl/{key}` (§2.11). */
export interface QStashFlowControl {
  flowControlKey: string;
  waitListSize: number;
  parallelismMax: number;
  parallelismCount: number;
  rateMax: number;
  rateCount: number;
  ratePeriod: number;
  ratePeriodStart: number;
  isPaused: boolean;
  isPinnedParallelism: boolean;
  isPinnedRate: boolean;
}

/** The JSON body of a callback or failure callback (§4.7). */
export interface QStashCallbackBody {
  status: number;
  header: QStashHeaderMap;
  body: string;
  retried: number;
  maxRetries: number;
  sourceMessageId: string;
  topicName?: string;
  endpointName?: string;
  url: string;
  method: string;
  sourceHeader: QStashHeaderMap;
  sourceBody: string;
  notBefore: number;
  createdAt: number;
  scheduleId?: string;
  callerIP?: string;
  dlqId?: string;
}

/** `GET /v2/keys` (§2.12). */
export interface QStashSigningKeys {
  current: string;
  next: string;
}
