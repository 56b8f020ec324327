/**
 * Reads the `Upstash-*` request headers of publish, enqueue, batch and schedule create (§3) into a
 * {@link MessageSpec}. Names arrive lower case (HTTP heads and the SDK's batch bodies).
 */
import { QStashHeaders as H, type QStashMethod, QStashMethodSchema } from "@stratus/core/schemas";
import { parseDuration } from "./duration.ts";
import { badRequest } from "./errors.ts";
import type { CallbackOptions, FlowControlSpec, MessageSpec, Redaction } from "./model.ts";
import { compileRetryDelay } from "./retry-delay.ts";

export type HeaderEntries = Iterable<readonly [string, string]>;

export interface SpecLimits {
  readonly maxRetries: number;
  readonly defaultRetries: number;
}

export function parseMessageSpec(
  entries: HeaderEntries,
  options: { limits: SpecLimits },
): MessageSpec {
  const headers = new Map<string, string>();
  const forwarded: [string, string][] = [];
  const callbackForward: [string, string][] = [];
  const failureForward: [string, string][] = [];
  for (const [rawName, value] of entries) {
    const name = rawName.toLowerCase();
    if (name.startsWith(H.FORWARD_PREFIX)) {
      forwarded.push([name.slice(H.FORWARD_PREFIX.length), value]);
    } else if (name.startsWith(`${H.CALLBACK_PREFIX}forward-`)) {
      callbackForward.push([name.slice(`${H.CALLBACK_PREFIX}forward-`.length), value]);
    } else if (name.startsWith(`${H.FAILURE_CALLBACK_PREFIX}forward-`)) {
      failureForward.push([name.slice(`${H.FAILURE_CALLBACK_PREFIX}forward-`.length), value]);
    } else if (name === "content-type") {
      forwarded.push(["content-type", value]);
    } else {
      headers.set(name, value);
    }
  }
  const get = (name: string): string | undefined => headers.get(name);
  const method = parseMethod(get(H.METHOD), H.METHOD) ?? "POST";
  const retries = parseRetries(get(H.RETRIES), options.limits) ?? options.limits.defaultRetries;
  const retryDelay = get(H.RETRY_DELAY);
  if (retryDelay !== undefined) {
    compileRetryDelay(retryDelay);
  }
  const notBeforeText = get(H.NOT_BEFORE);
  let notBefore: number | undefined;
  if (notBeforeText !== undefined) {
    if (!/^\d+$/.test(notBeforeText.trim())) {
      badRequest(
        `invalid Upstash-Not-Before header: ${JSON.stringify(notBeforeText)} is not a unix timestamp in seconds`,
      );
    }
    notBefore = Number(notBeforeText) * 1000;
  }
  const delay = get(H.DELAY);
  const timeout = get(H.TIMEOUT);
  const callback = parseCallback({
    get,
    prefix: H.CALLBACK_PREFIX,
    url: get(H.CALLBACK),
    forward: callbackForward,
    limits: options.limits,
  });
  const failureCallback = parseCallback({
    get,
    prefix: H.FAILURE_CALLBACK_PREFIX,
    url: get(H.FAILURE_CALLBACK),
    forward: failureForward,
    limits: options.limits,
  });
  const flowControl = parseFlowControl(get(H.FLOW_CONTROL_KEY), get(H.FLOW_CONTROL_VALUE));
  const deduplicationId = get(H.DEDUPLICATION_ID);
  const redact = parseRedaction(get(H.REDACT_FIELDS));
  const label = get(H.LABEL);
  return {
    method,
    headers: forwarded,
    ...(delay === undefined ? {} : { delayMs: parseDuration(delay, "Upstash-Delay") }),
    ...(notBefore === undefined ? {} : { notBefore }),
    retries,
    ...(retryDelay === undefined ? {} : { retryDelay }),
    ...(timeout === undefined ? {} : { timeoutMs: parseDuration(timeout, "Upstash-Timeout") }),
    ...(callback === undefined ? {} : { callback }),
    ...(failureCallback === undefined ? {} : { failureCallback }),
    ...(flowControl === undefined ? {} : { flowControl }),
    labels:
      label === undefined
        ? []
        : label
            .split(",")
            .map((part) => part.trim())
            .filter((part) => part !== ""),
    ...(redact === undefined ? {} : { redact }),
    ...(deduplicationId === undefined ? {} : { deduplicationId }),
    contentBasedDeduplication: get(H.CONTENT_BASED_DEDUPLICATION)?.toLowerCase() === "true",
  };
}

/** `body`, `header` and `header[Name]`, comma-separated (§3). */
function parseRedaction(text: string | undefined): Redaction | undefined {
  if (text === undefined) {
    return undefined;
  }
  let body = false;
  let headers: true | string[] = [];
  for (const part of text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "")) {
    const named = /^header\[(.+)\]$/i.exec(part);
    if (part.toLowerCase() === "body") {
      body = true;
    } else if (part.toLowerCase() === "header") {
      headers = true;
    } else if (named !== null) {
      if (headers !== true) {
        headers.push((named[1] ?? "").toLowerCase());
      }
    } else {
      badRequest(
        `invalid Upstash-Redact-Fields: ${JSON.stringify(part)} (use body, header or header[Name])`,
      );
    }
  }
  return { body, headers };
}

function parseMethod(text: string | undefined, header: string): QStashMethod | undefined {
  if (text === undefined) {
    return undefined;
  }
  const parsed = QStashMethodSchema.safeParse(text.toUpperCase());
  return parsed.success
    ? parsed.data
    : badRequest(
        `invalid ${header} header: ${JSON.stringify(text)}, want GET, POST, PUT, DELETE or PATCH`,
      );
}

function parseRetries(text: string | undefined, limits: SpecLimits): number | undefined {
  if (text === undefined) {
    return undefined;
  }
  if (!/^\d+$/.test(text.trim())) {
    badRequest(
      `invalid Upstash-Retries header: ${JSON.stringify(text)} is not a non-negative integer`,
    );
  }
  const retries = Number(text);
  if (retries > limits.maxRetries) {
    badRequest(
      `invalid Upstash-Retries header: ${retries} exceeds the plan's maximum of ${limits.maxRetries} retries`,
    );
  }
  return retries;
}

export function assertUrl(url: string, what: string): void {
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
    badRequest(`invalid ${what}: ${JSON.stringify(url)} is not an absolute http(s) URL`);
  }
}

function parseCallback(options: {
  get: (name: string) => string | undefined;
  prefix: string;
  url: string | undefined;
  forward: [string, string][];
  limits: SpecLimits;
}): CallbackOptions | undefined {
  const { get, prefix, url } = options;
  if (url === undefined) {
    return undefined;
  }
  assertUrl(url, `${prefix.slice(0, -1)} URL`);
  const method = parseMethod(get(`${prefix}method`), `${prefix}method`);
  const retries = parseRetries(get(`${prefix}retries`), options.limits);
  const timeout = get(`${prefix}timeout`);
  const delay = get(`${prefix}delay`);
  return {
    url,
    ...(method === undefined ? {} : { method }),
    ...(retries === undefined ? {} : { retries }),
    ...(timeout === undefined ? {} : { timeoutMs: parseDuration(timeout, `${prefix}timeout`) }),
    ...(delay === undefined ? {} : { delayMs: parseDuration(delay, `${prefix}delay`) }),
    headers: options.forward,
  };
}

function parseFlowControl(
  key: string | undefined,
  value: string | undefined,
): FlowControlSpec | undefined {
  if (key === undefined) {
    if (value !== undefined) {
      badRequest("Upstash-Flow-Control-Value needs an Upstash-Flow-Control-Key");
    }
    return undefined;
  }
  const spec: { key: string; parallelism?: number; rate?: number; periodS?: number } = { key };
  for (const part of (value ?? "").split(",")) {
    const trimmed = part.trim();
    if (trimmed === "") {
      continue;
    }
    const [name = "", setting = ""] = trimmed.split("=").map((side) => side.trim());
    const lower = name.toLowerCase();
    if (lower === "period") {
      spec.periodS = parseDuration(setting, "Upstash-Flow-Control-Value period") / 1000;
      continue;
    }
    if (!/^\d+$/.test(setting) || Number(setting) < 1) {
      badRequest(
        `invalid Upstash-Flow-Control-Value: ${JSON.stringify(trimmed)} needs a positive integer`,
      );
    }
    if (lower === "parallelism") {
      spec.parallelism = Number(setting);
    } else if (lower === "rate" || lower === "ratepersecond") {
      spec.rate = Number(setting);
    } else {
      badRequest(
        `invalid Upstash-Flow-Control-Value: unknown setting ${JSON.stringify(name)} (use parallelism, rate, period)`,
      );
    }
  }
  if (spec.parallelism === undefined && spec.rate === undefined) {
    badRequest("Upstash-Flow-Control-Value must set parallelism or rate");
  }
  return spec;
}
