/**
 * The queue API (QStash v2, `spec/queues-wire.md` §2) at `{emulator}/qstash/v2/…` and, in dev
 * mode, at the root of the dev port. From the head: the bearer token picks the queue instance
 * (401), the route (404, 405) and read-only tokens (403). Publish, enqueue and schedule create
 * take the rest of the path as the destination URL (the SDK appends it raw, query included), so
 * they are matched by prefix before the route table.
 */
import { parseBearerToken } from "@stratus/core/auth";
import {
  QStashHeaders as H,
  QStashBatchBodySchema,
  QStashEndpointsBodySchema,
  type QStashEvent,
  QStashQueueUpsertSchema,
} from "@stratus/core/schemas";
import type { z } from "zod";
import { badRequest, notFound, QueueRequestError } from "../../queues/errors.ts";
import {
  DLQ_FILTERS,
  EVENT_FILTERS,
  type Filterable,
  MESSAGE_FILTERS,
  parseCount,
  parseFilter,
} from "../../queues/filters.ts";
import { type HeaderEntries, parseMessageSpec, type SpecLimits } from "../../queues/headers.ts";
import { eventView, type QueueInstance, type StoredEvent } from "../../queues/instance.ts";
import { QueueLimits } from "../../queues/limits.ts";
import type { DlqRecord, MessageRecord } from "../../queues/model.ts";
import { compareDlqIds } from "../../queues/ordering.ts";
import type { QueueGrant, QueueService } from "../../queues/service.ts";
import { dlqView, messageView, queueView, scheduleView, urlGroupView } from "../../queues/views.ts";
import { jsonResponse } from "../http-error.ts";
import { RouteTable } from "../route-table.ts";
import type {
  Admission,
  EmulatorRequest,
  EmulatorRequestHead,
  EmulatorResponse,
} from "../types.ts";

/** The largest request body (a batch); one message is limited to the plan's message size. */
const MAX_REQUEST_BYTES = 10 * 1_048_576;
const MAX_MESSAGE_BYTES = QueueLimits.MAX_MESSAGE_BYTES;
/** The plan's `max_retries` (management records) and the SDK's documented default. */
const LIMITS: SpecLimits = { maxRetries: QueueLimits.MAX_RETRIES, defaultRetries: 3 };
const decoder = new TextDecoder();

interface Context {
  readonly service: QueueService;
  readonly grant: QueueGrant;
  readonly instance: QueueInstance;
  readonly request: EmulatorRequest;
  readonly params: Readonly<Record<string, string>>;
  /** For prefix routes: the rest of the path (the destination). */
  readonly rest: string;
  readonly onPublish?: ((sample: QueuePublishSample) => void) | undefined;
  readonly checkPublish?: ((request: PublishCheck) => void) | undefined;
}

/** What a publish, enqueue or batch request would add: `messages` counts each URL group endpoint. */
export interface PublishCheck {
  readonly instanceId: string;
  readonly messages: number;
}

type Handler = (context: Context) => unknown;

interface Route {
  readonly method: string;
  readonly pattern: string;
  readonly handler: Handler;
}

/** The queue API as the router's hook: `path` starts at `/v2`. */
export type QueueRouteHandler = (head: EmulatorRequestHead, path: string) => Admission;

/** One per accepted publish, enqueue or batch request, for the management stats. */
export interface QueuePublishSample {
  readonly instanceId: string;
  /** Messages accepted (a URL group counts each endpoint). */
  readonly count: number;
  readonly latencyMs: number;
  readonly bytesIn: number;
  readonly bytesOut: number;
}

export interface QueueRouteOptions {
  readonly service: QueueService;
  readonly onPublish?: ((sample: QueuePublishSample) => void) | undefined;
  /**
   * Called before a publish, enqueue or batch is accepted, with the number of messages it would
   * add; throws a {@link QueueRequestError} when the instance's plan refuses them (its daily quota,
   * its monthly budget).
   */
  readonly checkPublish?: ((request: PublishCheck) => void) | undefined;
}

export function createQueueRoute(options: QueueRouteOptions): QueueRouteHandler {
  return (head, path) => admit({ head, path, options });
}

function admit(input: {
  head: EmulatorRequestHead;
  path: string;
  options: QueueRouteOptions;
}): Admission {
  const { head, path, options } = input;
  const { service } = options;
  try {
    const grant = service.authenticate(parseBearerToken(head.headers.get("authorization")));
    if (grant === undefined) {
      throw new QueueRequestError(
        401,
        "Unauthorized: the bearer token is not a token of any queue instance",
      );
    }
    const { route, params, rest } = findRoute(head.method, path);
    if (grant.readOnly && head.method !== "GET" && head.method !== "HEAD") {
      throw new QueueRequestError(403, "Forbidden: the read-only token cannot change anything");
    }
    return {
      maxBodyBytes: MAX_REQUEST_BYTES,
      tooLarge: () =>
        jsonResponse(413, { error: `request body is larger than ${MAX_REQUEST_BYTES} bytes` }),
      handle: (request) =>
        run(route.handler, {
          service,
          grant,
          instance: grant.instance,
          request,
          params,
          rest,
          onPublish: options.onPublish,
          checkPublish: options.checkPublish,
        }),
    };
  } catch (error: unknown) {
    return { answer: errorResponse(error) };
  }
}

async function run(handler: Handler, context: Context): Promise<EmulatorResponse> {
  const startedAt = performance.now();
  try {
    const value = await handler(context);
    // Acknowledged only once durable (with a data directory).
    await context.service.flush();
    if (isResponse(value)) {
      recordPublish(context, { answer: value, startedAt });
      return value;
    }
    return value === undefined ? { status: 200, headers: {}, body: "" } : jsonResponse(200, value);
  } catch (error: unknown) {
    return errorResponse(error);
  }
}

/** Publish answers (201, 202) count their message ids as usage. */
function recordPublish(
  context: Context,
  input: { answer: EmulatorResponse; startedAt: number },
): void {
  const { answer } = input;
  if (
    context.onPublish === undefined ||
    (answer.status !== 201 && answer.status !== 202) ||
    typeof answer.body !== "string"
  ) {
    return;
  }
  const count = answer.body.split('"messageId"').length - 1;
  if (count > 0) {
    context.onPublish({
      instanceId: context.instance.id,
      count,
      latencyMs: performance.now() - input.startedAt,
      bytesIn: context.request.body.byteLength,
      bytesOut: answer.body.length,
    });
  }
}

function isResponse(value: unknown): value is EmulatorResponse {
  return (
    typeof value === "object" &&
    value !== null &&
    "status" in value &&
    "body" in value &&
    "headers" in value
  );
}

function errorResponse(error: unknown): EmulatorResponse {
  if (error instanceof QueueRequestError) {
    const answer = jsonResponse(error.status, { error: error.message });
    return { ...answer, headers: { ...answer.headers, ...error.headers } };
  }
  throw error;
}

const PREFIX_ROUTES: readonly { method: string; prefix: string; handler: Handler }[] = [
  { method: "POST", prefix: "/v2/publish/", handler: (context) => publish(context, undefined) },
  { method: "POST", prefix: "/v2/enqueue/", handler: enqueue },
  { method: "POST", prefix: "/v2/schedules/", handler: createSchedule },
];

function findRoute(
  method: string,
  path: string,
): { route: { handler: Handler }; params: Record<string, string>; rest: string } {
  for (const route of PREFIX_ROUTES) {
    if (
      method === route.method &&
      path.startsWith(route.prefix) &&
      path.length > route.prefix.length
    ) {
      return { route, params: {}, rest: path.slice(route.prefix.length) };
    }
  }
  const found = TABLE.lookup({ method, path });
  if (found.kind === "found") {
    return { route: found.route, params: found.params, rest: "" };
  }
  if (found.kind === "method-not-allowed") {
    throw new QueueRequestError(
      405,
      `method ${method} not allowed on ${path}: use ${found.allowed.join(", ")}`,
    );
  }
  throw new QueueRequestError(404, `not found: ${path}`);
}

// ------------------------------------------------------------------ publish

function headerEntries(request: EmulatorRequest): HeaderEntries {
  const entries = request.headers.entries?.();
  if (entries === undefined) {
    throw new Error("the queue API needs a request whose headers can be listed");
  }
  return entries;
}

function callerIp(request: EmulatorRequest): string {
  const address = request.remoteAddress;
  const colon = address.lastIndexOf(":");
  return (colon === -1 ? address : address.slice(0, colon)).replace(/^\[|\]$/g, "");
}

/** The destination: the raw rest of the path, with the request's query stitched back (§1.1). */
function destination(rest: string, request: EmulatorRequest): string {
  let target = rest;
  if (/^https?%3A/i.test(target)) {
    try {
      target = decodeURIComponent(target);
    } catch {
      badRequest(`invalid destination: ${JSON.stringify(rest)} is not valid percent-encoding`);
    }
  }
  return request.rawQuery === "" ? target : `${target}?${request.rawQuery}`;
}

function checkSize(body: Uint8Array): void {
  if (body.byteLength > MAX_MESSAGE_BYTES) {
    throw new QueueRequestError(
      413,
      `message size ${body.byteLength} exceeds the plan's maximum of ${MAX_MESSAGE_BYTES} bytes`,
    );
  }
}

function publish(context: Context, queueName: string | undefined): EmulatorResponse {
  const { request, instance } = context;
  checkSize(request.body);
  const entries = [...headerEntries(request)];
  const cron = entries.find(([name]) => name === H.CRON)?.[1];
  const target = destination(context.rest, request);
  context.checkPublish?.({
    instanceId: instance.id,
    // A schedule adds its messages when it fires; creating it counts as one request.
    messages: cron === undefined ? instance.messageCount(target) : 1,
  });
  if (cron !== undefined) {
    // §2.9: `Upstash-Cron` on a publish creates a schedule.
    return jsonResponse(201, { scheduleId: scheduleFrom(context, entries) });
  }
  const result = instance.publish({
    destination: target,
    spec: parseMessageSpec(entries, { limits: LIMITS }),
    body: request.body,
    queueName,
    callerIp: callerIp(request),
  });
  const duplicate = !Array.isArray(result) && result.deduplicated === true;
  return jsonResponse(duplicate ? 202 : 201, result);
}

function enqueue(context: Context): EmulatorResponse {
  const slash = context.rest.indexOf("/");
  if (slash <= 0 || slash === context.rest.length - 1) {
    badRequest("enqueue needs a queue name and a destination: /v2/enqueue/{queue}/{destination}");
  }
  let queueName: string;
  try {
    queueName = decodeURIComponent(context.rest.slice(0, slash));
  } catch {
    badRequest(
      `invalid queue name: ${JSON.stringify(context.rest.slice(0, slash))} is not valid percent-encoding`,
    );
  }
  return publish({ ...context, rest: context.rest.slice(slash + 1) }, queueName);
}

function batch(context: Context): EmulatorResponse {
  const entries = parseJson(context.request.body, QStashBatchBodySchema);
  // Every message of the batch counts (each endpoint of a URL group too): a batch that would go
  // past the quota is refused whole, like a batch with a bad entry.
  context.checkPublish?.({
    instanceId: context.instance.id,
    messages: entries.reduce(
      (sum, entry) => sum + context.instance.messageCount(entry.destination),
      0,
    ),
  });
  const callerAddress = callerIp(context.request);
  // Every entry is checked before any is accepted, so a bad one publishes nothing.
  const prepared = entries.map((entry) => {
    const body = Buffer.from(entry.body ?? "", "utf8");
    checkSize(body);
    const headers = Object.entries(entry.headers ?? {}).map(
      ([name, value]) => [name.toLowerCase(), value] as const,
    );
    return { entry, body, spec: parseMessageSpec(headers, { limits: LIMITS }) };
  });
  const results = prepared.map(({ entry, body, spec }) =>
    context.instance.publish({
      destination: entry.destination,
      spec,
      body,
      queueName: entry.queue,
      callerIp: callerAddress,
    }),
  );
  return jsonResponse(201, results);
}

function createSchedule(context: Context): EmulatorResponse {
  return jsonResponse(201, {
    scheduleId: scheduleFrom(context, [...headerEntries(context.request)]),
  });
}

function scheduleFrom(context: Context, entries: readonly (readonly [string, string])[]): string {
  const { request, instance } = context;
  checkSize(request.body);
  const get = (name: string): string | undefined => entries.find(([key]) => key === name)?.[1];
  const cron = get(H.CRON);
  if (cron === undefined) {
    badRequest("Upstash-Cron header is required to create a schedule");
  }
  return instance.createSchedule({
    scheduleId: get(H.SCHEDULE_ID),
    cron,
    destination: destination(context.rest, request),
    queueName: get(H.QUEUE_NAME),
    spec: parseMessageSpec(entries, { limits: LIMITS }),
    body: request.body,
    callerIp: callerIp(request),
  });
}

function parseJson<T extends z.ZodType>(body: Uint8Array, schema: T): z.output<T> {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(body));
  } catch {
    badRequest("request body is not valid JSON");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    badRequest(
      `invalid request body: ${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`,
    );
  }
  return parsed.data;
}

// ------------------------------------------------------------------ messages, log, DLQ

function messageFilterable(record: MessageRecord): Filterable {
  return {
    messageId: record.id,
    url: record.url,
    topicName: record.topicName,
    scheduleId: record.scheduleId,
    queueName: record.queueName,
    callerIp: record.callerIp,
    labels: record.labels,
    flowControlKey: record.flowControl?.key,
    time: record.createdAt,
  };
}

function dlqFilterable(entry: DlqRecord): Filterable {
  return {
    ...messageFilterable(entry.message),
    responseStatus: entry.responseStatus,
    time: entry.failedAt,
  };
}

function bulkCancel({ instance, request }: Context): { cancelled: number } {
  const ids = request.query.getAll("messageIds");
  let targets: string[];
  if (ids.length > 0) {
    targets = ids;
  } else {
    const filter = parseFilter(request.query, MESSAGE_FILTERS);
    targets = [...instance.messages.values()]
      .filter((record) => record.kind === "message" && filter(messageFilterable(record)))
      .map((record) => record.id);
  }
  let cancelled = 0;
  for (const id of targets) {
    if (instance.cancel(id)) {
      cancelled++;
    }
  }
  return { cancelled };
}

function eventFilterable(event: StoredEvent): Filterable {
  return { ...messageFilterable(event.record), state: event.state, time: event.time };
}

function listEvents({ instance, request }: Context): { cursor?: string; events: QStashEvent[] } {
  const query = request.query;
  const count = parseCount(query, { fallback: 1000, max: 1000 });
  const ids = new Set(query.getAll("messageIds"));
  const filter = parseFilter(query, EVENT_FILTERS);
  const earliestFirst = query.get("order") === "earliestFirst";
  const cursorText = query.get("cursor");
  const cursor = cursorText === null || cursorText === "" ? undefined : Number(cursorText);
  if (cursor !== undefined && !Number.isInteger(cursor)) {
    badRequest(`invalid cursor ${JSON.stringify(cursorText)}`);
  }
  // The log is trimmed in chunks; the plan's size is what a listing shows, as after a restart.
  const events = instance.events.slice(
    Math.max(0, instance.events.length - instance.limits.maxEvents),
  );
  const page: StoredEvent[] = [];
  let next: string | undefined;
  for (let step = 0; step < events.length; step++) {
    const event = events[earliestFirst ? step : events.length - 1 - step] as StoredEvent;
    if (cursor !== undefined && (earliestFirst ? event.seq <= cursor : event.seq >= cursor)) {
      continue;
    }
    if (ids.size > 0 ? !ids.has(event.record.id) : !filter(eventFilterable(event))) {
      continue;
    }
    if (page.length === count) {
      next = String(page.at(-1)?.seq ?? event.seq);
      break;
    }
    page.push(event);
  }
  return { ...(next === undefined ? {} : { cursor: next }), events: page.map(eventView) };
}

/** DLQ entries a list, delete or retry works on: by id, or filtered after the cursor. */
function dlqSelection(
  context: Context,
  order: "earliestFirst" | "latestFirst",
): { entries: DlqRecord[]; cursor?: string } {
  const { instance, request } = context;
  const query = request.query;
  const ids = query.getAll("dlqIds");
  if (ids.length > 0) {
    return { entries: ids.flatMap((id) => instance.dlq.get(id) ?? []) };
  }
  const count = parseCount(query, { fallback: 100, max: 100 });
  const filter = parseFilter(query, DLQ_FILTERS);
  const cursor = query.get("cursor") ?? "";
  const sorted = [...instance.dlq.values()].sort((a, b) => compareDlqIds(a.dlqId, b.dlqId));
  if ((query.get("order") ?? order) === "latestFirst") {
    sorted.reverse();
  }
  const latest = (query.get("order") ?? order) === "latestFirst";
  const entries: DlqRecord[] = [];
  for (const entry of sorted) {
    if (
      cursor !== "" &&
      (latest ? compareDlqIds(entry.dlqId, cursor) >= 0 : compareDlqIds(entry.dlqId, cursor) <= 0)
    ) {
      continue;
    }
    if (!filter(dlqFilterable(entry))) {
      continue;
    }
    if (entries.length === count) {
      return { entries, cursor: entries.at(-1)?.dlqId ?? "" };
    }
    entries.push(entry);
  }
  return { entries };
}

function listDlq(context: Context): { messages: unknown[]; cursor?: string } {
  const { entries, cursor } = dlqSelection(context, "earliestFirst");
  return { messages: entries.map(dlqView), ...(cursor === undefined ? {} : { cursor }) };
}

function deleteDlq(context: Context): { deleted: number; cursor?: string } {
  const { entries, cursor } = dlqSelection(context, "earliestFirst");
  let deleted = 0;
  for (const entry of entries) {
    if (context.instance.removeDlq(entry.dlqId)) {
      deleted++;
    }
  }
  return { deleted, ...(cursor === undefined ? {} : { cursor }) };
}

function retryDlq(context: Context): { responses: { messageId: string }[]; cursor: string } {
  const { entries, cursor } = dlqSelection(context, "earliestFirst");
  const responses = entries.flatMap((entry) => {
    const messageId = context.instance.retryDlq(entry.dlqId);
    return messageId === undefined ? [] : [{ messageId }];
  });
  return { responses, cursor: cursor ?? "" };
}

// ------------------------------------------------------------------ flow control

function flowKey(context: Context): string {
  return context.params["key"] ?? "";
}

function setFlowPaused(context: Context, paused: boolean): void {
  const flow =
    context.instance.flows.get(flowKey(context)) ??
    notFound(`flow control key ${flowKey(context)} not found`);
  flow.isPaused = paused;
  context.instance.flowChanged(flowKey(context));
}

function pinFlow(context: Context): void {
  const flow = context.instance.flowState(flowKey(context));
  const query = context.request.query;
  const number = (name: string): number | undefined => {
    const text = query.get(name);
    if (text === null) {
      return undefined;
    }
    const value = Number(text);
    return Number.isInteger(value) && value >= 0
      ? value
      : badRequest(`invalid ${name}: ${JSON.stringify(text)}`);
  };
  const parallelism = number("parallelism");
  const rate = number("rate");
  const period = number("period");
  if (parallelism !== undefined) {
    flow.parallelism = parallelism === 0 ? undefined : parallelism;
    flow.pinnedParallelism = true;
  }
  if (rate !== undefined || period !== undefined) {
    if (rate !== undefined) {
      flow.rate = rate === 0 ? undefined : rate;
    }
    flow.periodS = period ?? flow.periodS;
    flow.pinnedRate = true;
  }
  context.instance.flowChanged(flowKey(context));
}

function unpinFlow(context: Context): void {
  const flow =
    context.instance.flows.get(flowKey(context)) ??
    notFound(`flow control key ${flowKey(context)} not found`);
  const query = context.request.query;
  if (query.get("parallelism") === "true") {
    flow.pinnedParallelism = false;
  }
  if (query.get("rate") === "true") {
    flow.pinnedRate = false;
  }
  context.instance.flowChanged(flowKey(context));
}

function resetRate(context: Context): void {
  context.instance.resetFlowRate(flowKey(context));
}

// ------------------------------------------------------------------ the table

function param(context: Context, name: string): string {
  return context.params[name] ?? "";
}

function queueRecordOf(context: Context): ReturnType<typeof queueView> {
  const name = param(context, "name");
  const queue = context.instance.queues.get(name) ?? notFound(`queue ${name} not found`);
  return queueView(queue, context.instance.queueLag(name));
}

const ROUTES: Route[] = [
  {
    method: "GET",
    pattern: "/v2/keys",
    handler: ({ service, instance }) => service.signingKeys(instance.id),
  },
  {
    method: "POST",
    pattern: "/v2/keys/rotate",
    handler: ({ service, instance }) => service.rotateSigningKeys(instance.id),
  },
  { method: "POST", pattern: "/v2/batch", handler: batch },
  {
    method: "GET",
    pattern: "/v2/messages/{id}",
    handler: ({ instance, params }) => {
      const record = instance.messages.get(params["id"] ?? "");
      return record === undefined || record.kind !== "message"
        ? notFound(`message ${params["id"] ?? ""} not found`)
        : messageView(record);
    },
  },
  {
    method: "DELETE",
    pattern: "/v2/messages/{id}",
    handler: ({ instance, params }) =>
      instance.cancel(params["id"] ?? "")
        ? { cancelled: 1 }
        : notFound(`message ${params["id"] ?? ""} not found`),
  },
  { method: "DELETE", pattern: "/v2/messages", handler: bulkCancel },
  { method: "GET", pattern: "/v2/events", handler: listEvents },
  { method: "GET", pattern: "/v2/logs", handler: listEvents },
  { method: "GET", pattern: "/v2/dlq", handler: listDlq },
  { method: "GET", pattern: "/v2/dlq/messages", handler: listDlq },
  { method: "DELETE", pattern: "/v2/dlq", handler: deleteDlq },
  { method: "POST", pattern: "/v2/dlq/retry", handler: retryDlq },
  {
    method: "GET",
    pattern: "/v2/dlq/{id}",
    handler: ({ instance, params }) => {
      const entry =
        instance.dlq.get(params["id"] ?? "") ??
        notFound(`dlq message ${params["id"] ?? ""} not found`);
      return dlqView(entry);
    },
  },
  {
    method: "DELETE",
    pattern: "/v2/dlq/{id}",
    handler: ({ instance, params }) =>
      instance.removeDlq(params["id"] ?? "")
        ? { deleted: 1 }
        : notFound(`dlq message ${params["id"] ?? ""} not found`),
  },
  {
    method: "POST",
    pattern: "/v2/queues",
    handler: ({ instance, request }) => {
      const body = parseJson(request.body, QStashQueueUpsertSchema);
      instance.upsertQueue({
        name: body.queueName,
        parallelism: body.parallelism,
        paused: body.paused,
      });
    },
  },
  {
    method: "GET",
    pattern: "/v2/queues",
    handler: ({ instance }) =>
      [...instance.queues.values()].map((queue) => queueView(queue, instance.queueLag(queue.name))),
  },
  { method: "GET", pattern: "/v2/queues/{name}", handler: queueRecordOf },
  {
    method: "DELETE",
    pattern: "/v2/queues/{name}",
    handler: (context) => context.instance.deleteQueue(param(context, "name")),
  },
  {
    method: "POST",
    pattern: "/v2/queues/{name}/pause",
    handler: (context) => context.instance.setQueuePaused(param(context, "name"), true),
  },
  {
    method: "POST",
    pattern: "/v2/queues/{name}/resume",
    handler: (context) => context.instance.setQueuePaused(param(context, "name"), false),
  },
  {
    method: "GET",
    pattern: "/v2/schedules",
    handler: ({ instance }) => [...instance.schedules.values()].map(scheduleView),
  },
  {
    method: "GET",
    pattern: "/v2/schedules/{id}",
    handler: (context) =>
      scheduleView(
        context.instance.schedules.get(param(context, "id")) ??
          notFound(`schedule ${param(context, "id")} not found`),
      ),
  },
  {
    method: "DELETE",
    pattern: "/v2/schedules/{id}",
    handler: (context) => context.instance.deleteSchedule(param(context, "id")),
  },
  {
    method: "PATCH",
    pattern: "/v2/schedules/{id}/pause",
    handler: (context) => context.instance.setSchedulePaused(param(context, "id"), true),
  },
  {
    method: "PATCH",
    pattern: "/v2/schedules/{id}/resume",
    handler: (context) => context.instance.setSchedulePaused(param(context, "id"), false),
  },
  {
    method: "POST",
    pattern: "/v2/schedules/{id}/pause",
    handler: (context) => context.instance.setSchedulePaused(param(context, "id"), true),
  },
  {
    method: "POST",
    pattern: "/v2/schedules/{id}/resume",
    handler: (context) => context.instance.setSchedulePaused(param(context, "id"), false),
  },
  {
    method: "POST",
    pattern: "/v2/topics/{name}/endpoints",
    handler: (context) =>
      context.instance.addEndpoints(
        param(context, "name"),
        parseJson(context.request.body, QStashEndpointsBodySchema).endpoints,
      ),
  },
  {
    method: "DELETE",
    pattern: "/v2/topics/{name}/endpoints",
    handler: (context) =>
      context.instance.removeEndpoints(
        param(context, "name"),
        parseJson(context.request.body, QStashEndpointsBodySchema).endpoints,
      ),
  },
  {
    method: "GET",
    pattern: "/v2/topics",
    handler: ({ instance }) => [...instance.topics.values()].map(urlGroupView),
  },
  {
    method: "GET",
    pattern: "/v2/topics/{name}",
    handler: (context) =>
      urlGroupView(
        context.instance.topics.get(param(context, "name")) ??
          notFound(`topic ${param(context, "name")} not found`),
      ),
  },
  {
    method: "DELETE",
    pattern: "/v2/topics/{name}",
    handler: (context) => context.instance.deleteTopic(param(context, "name")),
  },
  {
    method: "GET",
    pattern: "/v2/flowControl",
    handler: ({ instance }) => [...instance.flows.keys()].map((key) => instance.flowView(key)),
  },
  {
    method: "GET",
    pattern: "/v2/flowControl/{key}",
    handler: (context) => context.instance.flowView(flowKey(context)),
  },
  {
    method: "POST",
    pattern: "/v2/flowControl/{key}/pause",
    handler: (context) => setFlowPaused(context, true),
  },
  {
    method: "POST",
    pattern: "/v2/flowControl/{key}/resume",
    handler: (context) => setFlowPaused(context, false),
  },
  { method: "POST", pattern: "/v2/flowControl/{key}/pin", handler: pinFlow },
  { method: "POST", pattern: "/v2/flowControl/{key}/unpin", handler: unpinFlow },
  { method: "POST", pattern: "/v2/flowControl/{key}/resetRate", handler: resetRate },
  {
    method: "GET",
    pattern: "/v2/globalParallelism",
    // No cap (`--qstash-global-parallelism 0`) shows as 0, the SDK's value for an absent field.
    handler: ({ instance }) => ({
      parallelismMax: Number.isFinite(instance.limits.globalParallelism)
        ? instance.limits.globalParallelism
        : 0,
      parallelismCount: instance.activeCount,
    }),
  },
];

const TABLE = new RouteTable(ROUTES);
