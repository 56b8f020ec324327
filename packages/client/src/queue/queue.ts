/**
 * `createQueue()`: a typed client of the queue API (QStash v2, queues-wire.md §2) against Stratus
 * or the service: publish, batch, messages, queues, schedules, URL groups, the DLQ, logs and
 * signing keys, with header names and shapes from `@stratus/core/schemas`. Logs are read by
 * polling (`waitForState`, `logsSince`), not by a stream.
 */
import { utf8Decode } from "@stratus/core/base64";
import {
  QStashHeaders as H,
  type QStashBatchEntry,
  type QStashDlqMessage,
  type QStashEvent,
  type QStashMessage,
  type QStashMethod,
  type QStashPublishResult,
  type QStashQueue,
  type QStashSchedule,
  type QStashSigningKeys,
  type QStashState,
  type QStashUrlGroup,
} from "@stratus/core/schemas";
import { HttpError, ResponseShapeError, TimeoutError } from "../errors.ts";
import { createTransport, type HttpMethod, type Transport } from "../transport/http-transport.ts";
import type { RetryOptions } from "../transport/retry.ts";

/** Options of {@link createQueue}. */
export interface QueueOptions {
  /** The queue API's base URL (`QSTASH_URL`, e.g. `http://127.0.0.1:8079/qstash`). */
  readonly url: string;
  /** The queue instance's token (`QSTASH_TOKEN`). */
  readonly token: string;
  /** Retries on network errors only; `false` disables them. @default { retries: 5 } */
  readonly retry?: RetryOptions | false;
  readonly timeoutMs?: number;
}

/** What a message asks for (§3); durations are strings such as `10s` or seconds as numbers. */
export interface MessageOptions {
  readonly body?: string | Uint8Array;
  readonly contentType?: string;
  /** Headers delivered to the destination (sent as `Upstash-Forward-*`). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly method?: QStashMethod;
  readonly delay?: string | number;
  /** Unix seconds. */
  readonly notBefore?: number;
  readonly retries?: number;
  readonly retryDelay?: string;
  readonly timeout?: string | number;
  readonly callback?: string;
  readonly failureCallback?: string;
  readonly deduplicationId?: string;
  readonly contentBasedDeduplication?: boolean;
  readonly flowControl?: {
    readonly key: string;
    readonly parallelism?: number;
    readonly rate?: number;
    readonly period?: string | number;
  };
  readonly label?: string | readonly string[];
}

/** A publish: to a URL (`http(s)://…`) or a URL group name. */
export interface PublishRequest extends MessageOptions {
  readonly destination: string;
  /** Enqueue into this queue instead of publishing directly. */
  readonly queueName?: string;
}

export interface ScheduleRequest extends MessageOptions {
  readonly destination: string;
  /** Five-field cron, optionally `CRON_TZ=<zone> ` first. */
  readonly cron: string;
  readonly scheduleId?: string;
  readonly queueName?: string;
}

/** Filters of logs, bulk cancel and the DLQ (§2.5-§2.7); arrays are OR'd. */
export type QueueFilter = Readonly<Record<string, string | number | readonly string[]>>;

export interface LogsPage {
  readonly events: QStashEvent[];
  readonly cursor?: string;
}

export interface Queue extends AsyncDisposable {
  /** One result for a URL, one per endpoint for a URL group. */
  publish(request: PublishRequest): Promise<QStashPublishResult | QStashPublishResult[]>;
  /** `publish` with `body` serialised as JSON. */
  publishJSON(
    request: Omit<PublishRequest, "body"> & { readonly body: unknown },
  ): Promise<QStashPublishResult | QStashPublishResult[]>;
  batch(
    requests: readonly PublishRequest[],
  ): Promise<(QStashPublishResult | QStashPublishResult[])[]>;
  readonly messages: {
    get(messageId: string): Promise<QStashMessage>;
    cancel(messageId: string): Promise<void>;
    /** Bulk cancel by ids or filter; `{}` cancels every pending message. */
    cancelMany(selection: {
      readonly messageIds?: readonly string[];
      readonly filter?: QueueFilter;
    }): Promise<number>;
  };
  readonly queues: {
    upsert(request: {
      readonly name: string;
      readonly parallelism?: number;
      readonly paused?: boolean;
    }): Promise<void>;
    get(name: string): Promise<QStashQueue>;
    list(): Promise<QStashQueue[]>;
    delete(name: string): Promise<void>;
    pause(name: string): Promise<void>;
    resume(name: string): Promise<void>;
  };
  readonly schedules: {
    create(request: ScheduleRequest): Promise<string>;
    get(scheduleId: string): Promise<QStashSchedule>;
    list(): Promise<QStashSchedule[]>;
    delete(scheduleId: string): Promise<void>;
    pause(scheduleId: string): Promise<void>;
    resume(scheduleId: string): Promise<void>;
  };
  readonly urlGroups: {
    addEndpoints(
      name: string,
      endpoints: readonly { readonly name?: string; readonly url: string }[],
    ): Promise<void>;
    removeEndpoints(
      name: string,
      endpoints: readonly ({ readonly name: string } | { readonly url: string })[],
    ): Promise<void>;
    get(name: string): Promise<QStashUrlGroup>;
    list(): Promise<QStashUrlGroup[]>;
    delete(name: string): Promise<void>;
  };
  readonly dlq: {
    list(options?: {
      readonly filter?: QueueFilter;
      readonly cursor?: string;
      readonly count?: number;
    }): Promise<{ messages: QStashDlqMessage[]; cursor?: string }>;
    get(dlqId: string): Promise<QStashDlqMessage>;
    delete(dlqId: string): Promise<void>;
    /** Publishes the dead letters again; answers the new message ids. */
    retry(dlqIds: readonly string[]): Promise<string[]>;
  };
  /** One page of the log, latest first unless `order` says otherwise. */
  logs(options?: {
    readonly filter?: QueueFilter;
    readonly cursor?: string;
    readonly count?: number;
    readonly order?: "earliestFirst" | "latestFirst";
  }): Promise<LogsPage>;
  /**
   * Polls the log until `messageId` reaches `state` (no event stream needed); rejects with
   * {@link TimeoutError} after `timeoutMs`.
   */
  waitForState(
    messageId: string,
    state: QStashState,
    options?: { readonly intervalMs?: number; readonly timeoutMs?: number },
  ): Promise<QStashEvent>;
  readonly keys: {
    get(): Promise<QStashSigningKeys>;
    rotate(): Promise<QStashSigningKeys>;
  };
  close(): Promise<void>;
}

export function createQueue(options: QueueOptions): Queue {
  const transport = createTransport({
    url: options.url,
    retry: options.retry,
    timeoutMs: options.timeoutMs,
  });
  return buildQueue(transport, options.token);
}

function duration(value: string | number): string {
  return typeof value === "number" ? `${value}s` : value;
}

/** The `Upstash-*` headers of a message (the SDK's `processHeaders`). */
export function messageHeaders(request: MessageOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers[`${H.FORWARD_PREFIX}${name.toLowerCase()}`] = value;
  }
  const set = (name: string, value: string | undefined): void => {
    if (value !== undefined) {
      headers[name] = value;
    }
  };
  set("content-type", request.contentType);
  set(H.METHOD, request.method ?? "POST");
  set(H.DELAY, request.delay === undefined ? undefined : duration(request.delay));
  set(H.NOT_BEFORE, request.notBefore?.toFixed(0));
  set(H.RETRIES, request.retries?.toFixed(0));
  set(H.RETRY_DELAY, request.retryDelay);
  set(H.TIMEOUT, request.timeout === undefined ? undefined : duration(request.timeout));
  set(H.CALLBACK, request.callback);
  set(H.FAILURE_CALLBACK, request.failureCallback);
  set(H.DEDUPLICATION_ID, request.deduplicationId);
  set(
    H.CONTENT_BASED_DEDUPLICATION,
    request.contentBasedDeduplication === true ? "true" : undefined,
  );
  const flow = request.flowControl;
  if (flow !== undefined) {
    headers[H.FLOW_CONTROL_KEY] = flow.key;
    headers[H.FLOW_CONTROL_VALUE] = [
      flow.parallelism === undefined ? undefined : `parallelism=${flow.parallelism}`,
      flow.rate === undefined ? undefined : `rate=${flow.rate}`,
      flow.period === undefined ? undefined : `period=${duration(flow.period)}`,
    ]
      .filter((part) => part !== undefined)
      .join(", ");
  }
  set(H.LABEL, typeof request.label === "string" ? request.label : request.label?.join(","));
  return headers;
}

function query(
  entries: QueueFilter | undefined,
  extra: Record<string, string | number | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...entries, ...extra })) {
    if (value === undefined) {
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

function buildQueue(transport: Transport, token: string): Queue {
  const authorization = `Bearer ${token}`;
  const call = async <T>(request: {
    method: HttpMethod;
    path: string;
    headers?: Record<string, string>;
    body?: string | Uint8Array;
  }): Promise<T> => {
    const response = await transport.request({
      method: request.method,
      path: request.path,
      headers: { authorization, ...request.headers },
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    const text = utf8Decode(response.body);
    if (response.status < 200 || response.status >= 300) {
      let message = text === "" ? `HTTP ${response.status}` : text;
      try {
        const json = JSON.parse(text) as { error?: unknown };
        message = typeof json.error === "string" ? json.error : message;
      } catch {
        // not JSON: keep the text
      }
      throw new HttpError(response.status, message);
    }
    if (text === "") {
      return undefined as T;
    }
    try {
      return JSON.parse(text) as T;
    } catch (error: unknown) {
      throw new ResponseShapeError(
        `${request.method} ${request.path} answered a body that is not JSON`,
        { cause: error },
      );
    }
  };
  const json = (value: unknown): { headers: Record<string, string>; body: string } => ({
    headers: { "content-type": "application/json" },
    body: JSON.stringify(value),
  });
  const publish = (request: PublishRequest): Promise<QStashPublishResult | QStashPublishResult[]> =>
    call({
      method: "POST",
      path:
        request.queueName === undefined
          ? `/v2/publish/${request.destination}`
          : `/v2/enqueue/${encodeURIComponent(request.queueName)}/${request.destination}`,
      headers: messageHeaders(request),
      ...(request.body === undefined ? {} : { body: request.body }),
    });
  const logs: Queue["logs"] = (options = {}) =>
    call<LogsPage>({
      method: "GET",
      path: `/v2/events${query(options.filter, { cursor: options.cursor, count: options.count, order: options.order })}`,
    });
  const queue: Queue = {
    publish,
    publishJSON: (request) =>
      publish({ ...request, contentType: "application/json", body: JSON.stringify(request.body) }),
    batch: (requests) =>
      call({
        method: "POST",
        path: "/v2/batch",
        ...json(
          requests.map(
            (request): QStashBatchEntry => ({
              destination: request.destination,
              headers: messageHeaders(request),
              ...(request.body === undefined
                ? {}
                : {
                    body:
                      typeof request.body === "string"
                        ? request.body
                        : new TextDecoder().decode(request.body),
                  }),
              ...(request.queueName === undefined ? {} : { queue: request.queueName }),
            }),
          ),
        ),
      }),
    messages: {
      get: (id) => call({ method: "GET", path: `/v2/messages/${encodeURIComponent(id)}` }),
      cancel: async (id) => {
        await call({ method: "DELETE", path: `/v2/messages/${encodeURIComponent(id)}` });
      },
      cancelMany: async (selection) => {
        const filter =
          selection.messageIds === undefined
            ? selection.filter
            : { messageIds: selection.messageIds };
        const answer = await call<{ cancelled: number }>({
          method: "DELETE",
          path: `/v2/messages${query(filter)}`,
        });
        return answer.cancelled;
      },
    },
    queues: {
      upsert: (request) =>
        call({
          method: "POST",
          path: "/v2/queues",
          ...json({
            queueName: request.name,
            parallelism: request.parallelism ?? 1,
            paused: request.paused ?? false,
          }),
        }),
      get: (name) => call({ method: "GET", path: `/v2/queues/${encodeURIComponent(name)}` }),
      list: () => call({ method: "GET", path: "/v2/queues" }),
      delete: (name) => call({ method: "DELETE", path: `/v2/queues/${encodeURIComponent(name)}` }),
      pause: (name) =>
        call({ method: "POST", path: `/v2/queues/${encodeURIComponent(name)}/pause` }),
      resume: (name) =>
        call({ method: "POST", path: `/v2/queues/${encodeURIComponent(name)}/resume` }),
    },
    schedules: {
      create: async (request) => {
        const headers = messageHeaders(request);
        headers[H.CRON] = request.cron;
        if (request.scheduleId !== undefined) {
          headers[H.SCHEDULE_ID] = request.scheduleId;
        }
        if (request.queueName !== undefined) {
          headers[H.QUEUE_NAME] = request.queueName;
        }
        const answer = await call<{ scheduleId: string }>({
          method: "POST",
          path: `/v2/schedules/${request.destination}`,
          headers,
          ...(request.body === undefined ? {} : { body: request.body }),
        });
        return answer.scheduleId;
      },
      get: (id) => call({ method: "GET", path: `/v2/schedules/${encodeURIComponent(id)}` }),
      list: () => call({ method: "GET", path: "/v2/schedules" }),
      delete: (id) => call({ method: "DELETE", path: `/v2/schedules/${encodeURIComponent(id)}` }),
      pause: (id) =>
        call({ method: "PATCH", path: `/v2/schedules/${encodeURIComponent(id)}/pause` }),
      resume: (id) =>
        call({ method: "PATCH", path: `/v2/schedules/${encodeURIComponent(id)}/resume` }),
    },
    urlGroups: {
      addEndpoints: (name, endpoints) =>
        call({
          method: "POST",
          path: `/v2/topics/${encodeURIComponent(name)}/endpoints`,
          ...json({ endpoints }),
        }),
      removeEndpoints: (name, endpoints) =>
        call({
          method: "DELETE",
          path: `/v2/topics/${encodeURIComponent(name)}/endpoints`,
          ...json({ endpoints }),
        }),
      get: (name) => call({ method: "GET", path: `/v2/topics/${encodeURIComponent(name)}` }),
      list: () => call({ method: "GET", path: "/v2/topics" }),
      delete: (name) => call({ method: "DELETE", path: `/v2/topics/${encodeURIComponent(name)}` }),
    },
    dlq: {
      list: (options = {}) =>
        call({
          method: "GET",
          path: `/v2/dlq${query(options.filter, { cursor: options.cursor, count: options.count })}`,
        }),
      get: (id) => call({ method: "GET", path: `/v2/dlq/${encodeURIComponent(id)}` }),
      delete: async (id) => {
        await call({ method: "DELETE", path: `/v2/dlq/${encodeURIComponent(id)}` });
      },
      retry: async (ids) => {
        const answer = await call<{ responses: { messageId: string }[] }>({
          method: "POST",
          path: `/v2/dlq/retry${query({ dlqIds: ids })}`,
        });
        return answer.responses.map((response) => response.messageId);
      },
    },
    logs,
    waitForState: async (messageId, state, options = {}) => {
      const { intervalMs = 50, timeoutMs = 10_000 } = options;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const page = await logs({ filter: { messageId, state } });
        const found = page.events[0];
        if (found !== undefined) {
          return found;
        }
        if (Date.now() >= deadline) {
          throw new TimeoutError(timeoutMs);
        }
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
    keys: {
      get: () => call({ method: "GET", path: "/v2/keys" }),
      rotate: () => call({ method: "POST", path: "/v2/keys/rotate" }),
    },
    close: () => transport.close(),
    [Symbol.asyncDispose]: () => transport.close(),
  };
  return queue;
}
