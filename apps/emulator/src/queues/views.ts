/** Records as the API shows them (§2.5-§2.10). */
import type {
  QStashDlqMessage,
  QStashHeaderMap,
  QStashMessage,
  QStashQueue,
  QStashSchedule,
  QStashUrlGroup,
} from "@stratus/core/schemas";
import type {
  DlqRecord,
  MessageRecord,
  QueueRecord,
  ScheduleRecord,
  UrlGroupRecord,
} from "./model.ts";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** `{body}` when the bytes are UTF-8, else `{bodyBase64}` (§2.5). */
export function bodyFields(
  base64: string,
  names: { text: string; base64: string },
): Record<string, string> {
  if (base64 === "") {
    return {};
  }
  try {
    return { [names.text]: strictUtf8.decode(Buffer.from(base64, "base64")) };
  } catch {
    return { [names.base64]: base64 };
  }
}

export function headerMap(headers: readonly (readonly [string, string])[]): QStashHeaderMap {
  const map: QStashHeaderMap = {};
  for (const [name, value] of headers) {
    const key = canonical(name);
    const values = map[key] ?? [];
    values.push(value);
    map[key] = values;
  }
  return map;
}

function canonical(name: string): string {
  return name.replace(
    /(^|-)([a-z])/g,
    (_, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`,
  );
}

/** Headers as shown: without those `Upstash-Redact-Fields` hides. */
function shownHeaders(record: MessageRecord): QStashHeaderMap {
  const hidden = record.redact?.headers;
  if (hidden === true) {
    return {};
  }
  return headerMap(
    hidden === undefined
      ? record.headers
      : record.headers.filter(([name]) => !hidden.includes(name.toLowerCase())),
  );
}

export function messageView(record: MessageRecord): QStashMessage {
  const flow = record.flowControl;
  const header = shownHeaders(record);
  return {
    messageId: record.id,
    url: record.url,
    ...(record.topicName === undefined ? {} : { topicName: record.topicName }),
    ...(record.endpointName === undefined ? {} : { endpointName: record.endpointName }),
    method: record.method,
    ...(Object.keys(header).length === 0 ? {} : { header }),
    ...(record.redact?.body === true
      ? {}
      : bodyFields(record.body, { text: "body", base64: "bodyBase64" })),
    maxRetries: record.maxRetries,
    ...(record.retryDelay === undefined ? {} : { retryDelayExpression: record.retryDelay }),
    notBefore: record.notBefore,
    createdAt: record.createdAt,
    ...(record.callback === undefined ? {} : { callback: record.callback.url }),
    ...(record.failureCallback === undefined
      ? {}
      : { failureCallback: record.failureCallback.url }),
    ...(record.queueName === undefined ? {} : { queueName: record.queueName }),
    ...(record.scheduleId === undefined ? {} : { scheduleId: record.scheduleId }),
    callerIp: record.callerIp,
    ...(flow === undefined
      ? {}
      : {
          flowControlKey: flow.key,
          ...(flow.parallelism === undefined ? {} : { parallelism: flow.parallelism }),
          ...(flow.rate === undefined ? {} : { rate: flow.rate }),
          ...(flow.periodS === undefined ? {} : { period: flow.periodS }),
        }),
    ...(record.timeoutMs === undefined ? {} : { timeout: record.timeoutMs }),
    ...(record.labels.length === 0
      ? {}
      : { label: record.labels[0] ?? "", labels: [...record.labels] }),
  };
}

export function dlqView(entry: DlqRecord): QStashDlqMessage {
  return {
    ...messageView(entry.message),
    dlqId: entry.dlqId,
    ...(entry.responseStatus === undefined ? {} : { responseStatus: entry.responseStatus }),
    ...(entry.responseHeaders === undefined ? {} : { responseHeader: entry.responseHeaders }),
    ...bodyFields(entry.responseBody ?? "", { text: "responseBody", base64: "responseBodyBase64" }),
  };
}

export function queueView(queue: QueueRecord, lag: number): QStashQueue {
  return {
    name: queue.name,
    createdAt: queue.createdAt,
    updatedAt: queue.updatedAt,
    parallelism: queue.parallelism,
    lag,
    paused: queue.paused,
  };
}

export function scheduleView(schedule: ScheduleRecord): QStashSchedule {
  const { spec } = schedule;
  const flow = spec.flowControl;
  const header = headerMap(spec.headers);
  return {
    scheduleId: schedule.scheduleId,
    cron: schedule.cron,
    createdAt: schedule.createdAt,
    destination: schedule.destination,
    method: spec.method,
    ...(Object.keys(header).length === 0 ? {} : { header }),
    ...bodyFields(schedule.body, { text: "body", base64: "bodyBase64" }),
    retries: spec.retries,
    ...(spec.delayMs === undefined ? {} : { delay: Math.round(spec.delayMs / 1000) }),
    ...(spec.callback === undefined ? {} : { callback: spec.callback.url }),
    ...(spec.failureCallback === undefined ? {} : { failureCallback: spec.failureCallback.url }),
    callerIp: schedule.callerIp,
    callerIP: schedule.callerIp,
    isPaused: schedule.isPaused,
    ...(schedule.queueName === undefined ? {} : { queueName: schedule.queueName }),
    ...(flow === undefined
      ? {}
      : {
          flowControlKey: flow.key,
          ...(flow.parallelism === undefined ? {} : { parallelism: flow.parallelism }),
          ...(flow.rate === undefined ? {} : { rate: flow.rate }),
          ...(flow.periodS === undefined ? {} : { period: flow.periodS }),
        }),
    ...(spec.retryDelay === undefined ? {} : { retryDelayExpression: spec.retryDelay }),
    ...(spec.labels.length === 0 ? {} : { label: spec.labels[0] ?? "", labels: [...spec.labels] }),
    ...(schedule.lastScheduleTime === undefined
      ? {}
      : { lastScheduleTime: schedule.lastScheduleTime }),
    ...(schedule.nextScheduleTime === undefined
      ? {}
      : { nextScheduleTime: schedule.nextScheduleTime }),
    ...(schedule.lastScheduleStates === undefined
      ? {}
      : { lastScheduleStates: { ...schedule.lastScheduleStates } }),
  };
}

export function urlGroupView(group: UrlGroupRecord): QStashUrlGroup {
  return {
    name: group.name,
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
    endpoints: group.endpoints.map((endpoint) => ({ ...endpoint })),
  };
}
