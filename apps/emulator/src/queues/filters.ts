/**
 * The filters of bulk cancel, the DLQ and the log (§2.5-§2.7): each key may repeat (values OR'd),
 * keys combine with AND, dates are epoch ms and inclusive. Unknown keys are refused with a 400,
 * so a typo never widens a bulk cancel or delete to everything.
 */
import { badRequest } from "./errors.ts";

/** What a filter reads of a message, a DLQ entry or an event. */
export interface Filterable {
  readonly messageId?: string | undefined;
  readonly url: string;
  readonly topicName?: string | undefined;
  readonly scheduleId?: string | undefined;
  readonly queueName?: string | undefined;
  readonly callerIp?: string | undefined;
  readonly labels?: readonly string[] | undefined;
  readonly flowControlKey?: string | undefined;
  readonly state?: string | undefined;
  readonly responseStatus?: number | undefined;
  /** The time `fromDate`/`toDate` compare with. */
  readonly time: number;
}

const TEXT_KEYS = [
  "messageId",
  "url",
  "topicName",
  "scheduleId",
  "queueName",
  "callerIp",
  "flowControlKey",
] as const;
const PAGING_KEYS = new Set(["count", "cursor", "order", "messageIds", "dlqIds", "async"]);

export type Filter = (item: Filterable) => boolean;

export function parseFilter(query: URLSearchParams, allowed: ReadonlySet<string>): Filter {
  const checks: Filter[] = [];
  for (const key of new Set(query.keys())) {
    if (PAGING_KEYS.has(key)) {
      continue;
    }
    if (!allowed.has(key)) {
      badRequest(`unknown filter ${JSON.stringify(key)}`);
    }
    const values = query.getAll(key);
    const set = new Set(values);
    if ((TEXT_KEYS as readonly string[]).includes(key)) {
      const field = key as (typeof TEXT_KEYS)[number];
      checks.push((item) => set.has(item[field] ?? ""));
    } else if (key === "label") {
      checks.push((item) => (item.labels ?? []).some((label) => set.has(label)));
    } else if (key === "state") {
      const states = new Set(values.flatMap((value) => expandState(value.toUpperCase())));
      checks.push((item) => states.has(item.state ?? ""));
    } else if (key === "responseStatus") {
      checks.push((item) => set.has(String(item.responseStatus)));
    } else if (key === "host") {
      checks.push((item) => set.has(safeUrl(item.url)?.host ?? ""));
    } else if (key === "path") {
      checks.push((item) => set.has(safeUrl(item.url)?.pathname ?? ""));
    } else if (key === "fromDate" || key === "toDate") {
      const bound = Number(values[0]);
      if (!Number.isFinite(bound)) {
        badRequest(`invalid ${key}: ${JSON.stringify(values[0])} is not epoch milliseconds`);
      }
      checks.push(key === "fromDate" ? (item) => item.time >= bound : (item) => item.time <= bound);
    }
  }
  return (item) => checks.every((check) => check(item));
}

/** Both spellings of cancellation (§6.1), and IN_PROGRESS as the docs define it. */
function expandState(state: string): string[] {
  if (state === "CANCELED") {
    return ["CANCELLED"];
  }
  if (state === "IN_PROGRESS") {
    return ["ACTIVE", "RETRY", "ERROR"];
  }
  return [state];
}

function safeUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

export const MESSAGE_FILTERS = new Set([
  "url",
  "topicName",
  "scheduleId",
  "queueName",
  "callerIp",
  "label",
  "flowControlKey",
  "host",
  "path",
  "fromDate",
  "toDate",
]);
export const DLQ_FILTERS = new Set([
  "messageId",
  "url",
  "topicName",
  "scheduleId",
  "queueName",
  "callerIp",
  "label",
  "flowControlKey",
  "responseStatus",
  "fromDate",
  "toDate",
]);
export const EVENT_FILTERS = new Set([...MESSAGE_FILTERS, "state", "messageId"]);

/** `count` within `[1, max]`, `fallback` when absent. */
export function parseCount(
  query: URLSearchParams,
  limits: { fallback: number; max: number },
): number {
  const text = query.get("count");
  if (text === null) {
    return limits.fallback;
  }
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1) {
    badRequest(`invalid count: ${JSON.stringify(text)} is not a positive integer`);
  }
  return Math.min(count, limits.max);
}
