/**
 * The key-value REST interface of one database (interfaces.md; kv-rest-wire.md): command in the
 * path, in a JSON body, `/pipeline`, `/multi-exec`, `/subscribe`, `/psubscribe` and `/monitor`.
 * Routes are thin: authenticate, parse, check policy, call the backend, encode.
 */
import { tokenFromRequest } from "@stratus/core/auth";
import { encodeResp2, type Resp2Value } from "@stratus/core/resp2";
import {
  formatMessageItem,
  formatMonitorLine,
  formatPMessageItem,
  formatSubscribeItem,
  MONITOR_OK_ITEM,
  MONITOR_REST_ADDRESS,
  type RestHeaders,
  toRestJson,
  toRestResultsJson,
} from "@stratus/core/rest";
import { encodeSseEvent, SSE_PING_EVENT, SSE_PING_INTERVAL_MS } from "@stratus/core/sse";
import { binaryToBytes, bytesToBinary, isStringTooLongError, utf8ToBinary } from "../../kv/argv.ts";
import type { Argv, KvCaller, PubSubEvent } from "../../kv/backend.ts";
import { type Command, lookupCommand } from "../../kv/command-info.ts";
import type { KvDatabase, KvGrant } from "../../kv/database.ts";
import { checkLookedUpCommand, noPermissionError, toRestErrorText } from "../../kv/policy.ts";
import { byteLength, isWholeBody } from "../body.ts";
import { errorBody, HttpError, knownError } from "../http-error.ts";
import { parseQuery, percentDecode } from "../percent.ts";
import { type RestOptions, readRestOptions } from "../rest-headers.ts";
import type {
  Admission,
  AdmittedRequest,
  EmulatorRequest,
  EmulatorRequestHead,
  EmulatorResponse,
} from "../types.ts";

const ALLOWED_METHODS = new Set(["HEAD", "GET", "POST", "PUT"]);
const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** Service wording (kv-rest-wire.md §4, §9). */
const UNAUTHORIZED = "WRONGPASS invalid or missing auth token";
/**
 * The body limit of a database whose request size is not limited (`KvLimits.maxRequestBytes`
 * undefined): Redis's largest argument (`proto-max-bulk-len`, 512 MiB) with room for its command.
 */
const MAX_BODY_BYTES = 512 * 1024 * 1024 + 64 * 1024;

/** What a KV request runs on, resolved by the router from the URL prefix. */
export interface KvRoute {
  readonly database: KvDatabase;
  /** The path below the database's base URL, starting with `/`. */
  readonly path: string;
}

/**
 * What a route answers. `handleKvRequest` turns it into the response, headers and sync token
 * included, in one object literal: spreading a route's headers to add the token was a hot spot
 * (V8 defines spread and computed keys through a slow runtime path).
 */
interface KvAnswer {
  readonly status: number;
  readonly contentType: "application/json" | "application/octet-stream" | "text/event-stream";
  readonly body: Uint8Array | string | AsyncIterable<Uint8Array>;
}

/** Headers every KV response carries; checks that the literals below name the sync token right. */
type KvHeaders = Record<"content-type" | typeof RestHeaders.SYNC_TOKEN, string> &
  Record<string, string>;

/**
 * Decides from the head: the method, then the token (the service answers 405 and 401 before it
 * reads a body), so no byte of an unauthenticated body is buffered.
 */
export function admitKvRequest(head: EmulatorRequestHead, route: KvRoute): Admission {
  const { database } = route;
  if (!ALLOWED_METHODS.has(head.method)) {
    return {
      answer: new KvExchange(head, database).respond(
        errorAnswer(405, `ERR method ${head.method} is not allowed: use HEAD, GET, POST or PUT`),
      ),
    };
  }
  const grant = database.verify(
    tokenFromRequest({
      authorization: head.headers.get("authorization"),
      // Most requests have no query string: skip building its URLSearchParams.
      queryToken: head.rawQuery === "" ? undefined : head.query.get("_token"),
    }),
  );
  if (grant === undefined) {
    return { answer: new KvExchange(head, database).respond(errorAnswer(401, UNAUTHORIZED)) };
  }
  return new AdmittedKvRequest(route, grant);
}

/** A request whose token was good: its body may be read, up to the database's request limit. */
class AdmittedKvRequest implements AdmittedRequest {
  readonly maxBodyBytes: number;
  readonly #route: KvRoute;
  readonly #grant: KvGrant;

  constructor(route: KvRoute, grant: KvGrant) {
    this.maxBodyBytes = route.database.limits.maxRequestBytes ?? MAX_BODY_BYTES;
    this.#route = route;
    this.#grant = grant;
  }

  tooLarge(receivedBytes: number): EmulatorResponse {
    // Seen on the service: HTTP 413 for an oversized request (kv-rest-wire.md §14).
    return new KvExchange(undefined, this.#route.database).respond(
      errorAnswer(
        413,
        `ERR max request size exceeded. Limit: ${this.maxBodyBytes} bytes, Actual: ${receivedBytes} bytes`,
      ),
    );
  }

  /**
   * Answers at once when the backend does (the embedded engine, most of the time), and with a
   * promise when it waits for I/O (the proxy, a durable write, streams).
   */
  handle(request: EmulatorRequest): EmulatorResponse | Promise<EmulatorResponse> {
    const exchange = new KvExchange(request, this.#route.database);
    let answer: KvAnswer | Promise<KvAnswer>;
    try {
      answer = dispatch(request, { route: this.#route, grant: this.#grant });
    } catch (error: unknown) {
      return exchange.fail(error);
    }
    return answer instanceof Promise
      ? answer.then(
          (settled) => exchange.respond(settled),
          (error: unknown) => exchange.fail(error),
        )
      : exchange.respond(answer);
  }
}

/** One request's response in the making: its sync token, taken first, and its usage record. */
class KvExchange {
  /** Undefined when the body was not read (an answer from the head, a body over the limit). */
  readonly #request: EmulatorRequest | EmulatorRequestHead | undefined;
  readonly #database: KvDatabase;
  readonly #startedAt = performance.now();
  readonly #syncToken: string;

  constructor(request: EmulatorRequest | EmulatorRequestHead | undefined, database: KvDatabase) {
    this.#request = request;
    this.#database = database;
    this.#syncToken = database.nextSyncToken();
  }

  respond({ status, contentType, body }: KvAnswer): EmulatorResponse {
    const request = this.#request;
    this.#database.usage.recordRequest({
      latencyMs: performance.now() - this.#startedAt,
      bytesIn: request !== undefined && "body" in request ? request.body.byteLength : 0,
      bytesOut: isWholeBody(body) ? byteLength(body) : 0,
    });
    const syncToken = this.#syncToken;
    const headers: KvHeaders =
      contentType === "text/event-stream"
        ? {
            "content-type": contentType,
            "cache-control": "no-cache",
            "upstash-sync-token": syncToken,
          }
        : { "content-type": contentType, "upstash-sync-token": syncToken };
    return { status, headers, body };
  }

  /**
   * Known errors are answered here rather than in handler.ts so that they carry the sync token too;
   * anything else is a bug, rethrown for the handler.
   */
  fail(error: unknown): EmulatorResponse {
    const known = knownError(error);
    if (known === undefined) {
      throw error;
    }
    return this.respond(errorAnswer(known.status, known.message));
  }
}

/**
 * Not `async`: a single command's answer is ready at once when the backend's reply is, and every
 * async frame on the way would cost microtask hops. Client mistakes may throw; `handle` answers
 * them.
 */
function dispatch(
  request: EmulatorRequest,
  { route: { database, path }, grant }: { route: KvRoute; grant: KvGrant },
): KvAnswer | Promise<KvAnswer> {
  const options = readRestOptions(request);
  const segments = path.split("/").slice(1);
  const first = segments[0]?.toLowerCase() ?? "";
  if (first === "pipeline" && segments.length === 1) {
    return runPipeline(database, grant, { request, options });
  }
  if (first === "multi-exec" && segments.length === 1) {
    return runTransaction(database, grant, request);
  }
  if ((first === "subscribe" || first === "psubscribe") && segments.length > 1) {
    return subscribe({
      database,
      kind: first === "subscribe" ? "channel" : "pattern",
      request,
      segments,
    });
  }
  if (first === "monitor" && segments.length === 1) {
    // MONITOR shows every command's arguments, so it is @dangerous: not for the read-only token,
    // which is meant for public clients (kv-rest-wire.md §4).
    if (grant.isReadOnly) {
      return errorAnswer(400, noPermissionError("monitor"));
    }
    return monitor(database, request);
  }
  const argv =
    first === "" && segments.length <= 1
      ? parseJsonCommand(request.body)
      : pathCommand(request, segments);
  return runSingle(database, grant, { argv, options });
}

// ---- request forms -----------------------------------------------------------------------------

/** Path form (kv-rest-wire.md §2.3): segments, then the raw body, then query pairs except `_token`. */
function pathCommand(request: EmulatorRequest, segments: readonly string[]): Argv {
  const argv = segments.map((segment) => percentDecode(segment));
  if ((request.method === "POST" || request.method === "PUT") && request.body.byteLength > 0) {
    argv.push(bytesToBinary(request.body));
  }
  for (const { name, nameText, value } of parseQuery(request.rawQuery)) {
    if (nameText === "_token") {
      continue;
    }
    argv.push(name);
    if (value.length > 0) {
      argv.push(value);
    }
  }
  return argv;
}

function parseJson(body: Uint8Array): unknown {
  if (body.byteLength === 0) {
    throw new HttpError(400, 'ERR the request body is empty: send a JSON array such as ["PING"]');
  }
  try {
    return JSON.parse(decoder.decode(body));
  } catch (error: unknown) {
    // A body longer than a string can be is not malformed: knownError says what it is.
    if (isStringTooLongError(error)) {
      throw error;
    }
    throw new HttpError(400, "ERR the request body is not valid JSON");
  }
}

/** kv-rest-wire.md §3: strings, numbers and booleans become arguments the way `String()` writes them. */
function toArgv(value: unknown, where: string): Argv {
  if (!Array.isArray(value) || value.length === 0) {
    throw new HttpError(
      400,
      `ERR ${where} must be a non-empty JSON array of command name and arguments`,
    );
  }
  if (typeof value[0] !== "string") {
    throw new HttpError(400, `ERR ${where}: the command name must be a string`);
  }
  return value.map((arg: unknown, index) => {
    if (typeof arg === "string" || typeof arg === "number" || typeof arg === "boolean") {
      return utf8ToBinary(String(arg));
    }
    throw new HttpError(400, `ERR ${where}: argument ${index} must be a string, number or boolean`);
  });
}

function parseJsonCommand(body: Uint8Array): Argv {
  return toArgv(parseJson(body), "the request body");
}

function parseJsonBatch(body: Uint8Array): Argv[] {
  const value = parseJson(body);
  if (!Array.isArray(value) || value.length === 0) {
    throw new HttpError(400, "ERR the request body must be a non-empty JSON array of commands");
  }
  return value.map((command: unknown, index) => toArgv(command, `command ${index}`));
}

// ---- execution ---------------------------------------------------------------------------------

/**
 * REST commands show the service's address in MONITOR (kv-rest-wire.md §11.3). Shared: a request
 * need not allocate its caller.
 */
const REST_CALLERS: Readonly<Record<"standard" | "readOnly", KvCaller>> = {
  standard: { isReadOnly: false, address: MONITOR_REST_ADDRESS },
  readOnly: { isReadOnly: true, address: MONITOR_REST_ADDRESS },
};

function restCaller(grant: KvGrant): KvCaller {
  return grant.isReadOnly ? REST_CALLERS.readOnly : REST_CALLERS.standard;
}

const POLICY_CALLERS = {
  standard: { isReadOnly: false, surface: "rest" },
  readOnly: { isReadOnly: true, surface: "rest" },
} as const;

/** Why REST refuses `argv` (whose `command` the caller has looked up), or undefined. */
function policyError(
  argv: Argv,
  command: Command | undefined,
  { database, grant }: { database: KvDatabase; grant: KvGrant },
): string | undefined {
  const caller = grant.isReadOnly ? POLICY_CALLERS.readOnly : POLICY_CALLERS.standard;
  return checkLookedUpCommand(argv, command, caller) ?? database.restRefusal(command);
}

const DAILY_LIMIT_ERROR = "ERR max daily request limit exceeded";

function runSingle(
  database: KvDatabase,
  grant: KvGrant,
  { argv, options }: { argv: Argv; options: RestOptions },
): KvAnswer | Promise<KvAnswer> {
  // Looked up once for the policy, the usage counts and the engine.
  const command = lookupCommand(argv);
  const refusal =
    policyError(argv, command, { database, grant }) ??
    (database.admitCommand(command) ? undefined : DAILY_LIMIT_ERROR);
  if (refusal !== undefined) {
    return singleAnswer({ kind: "error", message: refusal }, options);
  }
  const reply = database.runAs(grant, () =>
    database.backend.execute(argv, restCaller(grant), command),
  );
  return reply instanceof Promise
    ? reply.then((settled) => singleAnswer(settled, options))
    : singleAnswer(reply, options);
}

function singleAnswer(backendReply: Resp2Value, options: RestOptions): KvAnswer {
  const reply = restReply(backendReply);
  const status = reply.kind === "error" ? 400 : 200;
  if (options.format === "resp2") {
    return { status, contentType: "application/octet-stream", body: encodeResp2(reply) };
  }
  return json(status, toRestJson(reply, { base64: options.isBase64 }));
}

async function runPipeline(
  database: KvDatabase,
  grant: KvGrant,
  { request, options }: { request: EmulatorRequest; options: RestOptions },
): Promise<KvAnswer> {
  const commands = parseJsonBatch(request.body);
  const lookedUp = commands.map(lookupCommand);
  const refusals = commands.map((argv, index) =>
    policyError(argv, lookedUp[index], { database, grant }),
  );
  const isAllowed = (_: unknown, index: number): boolean => refusals[index] === undefined;
  const allowed = commands.filter(isAllowed);
  const admitted = database.admitRequests(allowed);
  const results =
    admitted && allowed.length > 0
      ? await database.runAs(grant, () =>
          database.backend.pipeline(allowed, restCaller(grant), lookedUp.filter(isAllowed)),
        )
      : [];
  let next = 0;
  const replies: Resp2Value[] = refusals.map((refusal) => {
    if (refusal !== undefined) {
      return { kind: "error", message: refusal };
    }
    if (!admitted) {
      return { kind: "error", message: DAILY_LIMIT_ERROR };
    }
    return restReply(results[next++] ?? { kind: "error", message: "ERR missing reply" });
  });
  if (options.format === "resp2") {
    const parts = replies.map(encodeResp2);
    return { status: 200, contentType: "application/octet-stream", body: Buffer.concat(parts) };
  }
  return json(200, toRestResultsJson(replies, { base64: options.isBase64 }));
}

/** `/multi-exec` answers JSON only (interfaces.md response rule 5), but honours base64. */
async function runTransaction(
  database: KvDatabase,
  grant: KvGrant,
  request: EmulatorRequest,
): Promise<KvAnswer> {
  const options = readRestOptions(request);
  const commands = parseJsonBatch(request.body);
  for (const argv of commands) {
    const refusal = policyError(argv, lookupCommand(argv), { database, grant });
    if (refusal !== undefined) {
      return errorAnswer(400, refusal);
    }
  }
  if (!database.admitRequests(commands)) {
    return errorAnswer(400, DAILY_LIMIT_ERROR);
  }
  const result = await database.runAs(grant, () =>
    database.backend.transaction(commands, restCaller(grant)),
  );
  if (result.status === "discarded") {
    return errorAnswer(400, result.error);
  }
  return json(200, toRestResultsJson(result.replies.map(restReply), { base64: options.isBase64 }));
}

/** ACL denials in the service's wording. */
function restReply(reply: Resp2Value): Resp2Value {
  return reply.kind === "error"
    ? { kind: "error", message: toRestErrorText(reply.message) }
    : reply;
}

function json(status: number, text: string): KvAnswer {
  return { status, contentType: "application/json", body: text };
}

function errorAnswer(status: number, message: string): KvAnswer {
  return { status, contentType: "application/json", body: errorBody(message) };
}

// ---- server-sent events ------------------------------------------------------------------------

/** `handleKvRequest` adds the stream's `cache-control` header; the server owns `connection`. */
function sseResponse(body: AsyncIterable<Uint8Array>): KvAnswer {
  return { status: 200, contentType: "text/event-stream", body };
}

function sseData(text: string): Uint8Array {
  return encoder.encode(encodeSseEvent({ data: text }));
}

/** Merges periodic `: ping` comments into a stream until it ends. */
async function* withPings(source: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  const ping = encoder.encode(SSE_PING_EVENT);
  let pending = iterator.next();
  let isDone = false;
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const tick = new Promise<"ping">((resolve) => {
        timer = setTimeout(() => resolve("ping"), SSE_PING_INTERVAL_MS);
        timer.unref();
      });
      const winner = await Promise.race([pending, tick]);
      clearTimeout(timer);
      if (winner === "ping") {
        yield ping;
        continue;
      }
      if (winner.done === true) {
        isDone = true;
        return;
      }
      yield winner.value;
      pending = iterator.next();
    }
  } finally {
    if (!isDone) {
      // The reader stopped early: let the source detach (its pending `next` settles on abort).
      void Promise.resolve(iterator.return?.()).catch(() => undefined);
    }
  }
}

/** An empty stream: HEAD gets the SSE headers without a subscription nobody would read. */
async function* noEvents(): AsyncIterable<Uint8Array> {
  // Nothing to send.
}

/**
 * kv-rest-wire.md §2.4: the segments after `subscribe` joined with `/` into one name. The first
 * event (the subscription's confirmation) is awaited before answering, so a backend that cannot
 * subscribe gets a JSON 503 instead of a 200 stream that breaks at once.
 */
async function subscribe(options: {
  database: KvDatabase;
  kind: "channel" | "pattern";
  request: EmulatorRequest;
  segments: readonly string[];
}): Promise<KvAnswer> {
  if (options.request.method === "HEAD") {
    return sseResponse(noEvents());
  }
  const name = binaryToBytes(
    options.segments
      .slice(1)
      .map((segment) => percentDecode(segment))
      .join("/"),
  );
  const events = options.database.backend
    .subscribe({
      kind: options.kind,
      name,
      signal: options.request.signal,
      onOutputLimit: dropSlowReader(options.database, options.request),
    })
    [Symbol.asyncIterator]();
  const first = await events.next();
  async function* items(): AsyncIterable<Uint8Array> {
    try {
      for (let next = first; next.done !== true; next = await events.next()) {
        yield sseData(formatPubSubEvent(next.value));
      }
    } finally {
      await events.return?.();
    }
  }
  return sseResponse(withPings(items()));
}

function formatPubSubEvent(event: PubSubEvent): string {
  switch (event.kind) {
    case "subscribe":
    case "psubscribe":
      return formatSubscribeItem({ kind: event.kind, channel: event.name, count: event.count });
    case "message":
      return formatMessageItem({ channel: event.channel, message: event.message });
    case "pmessage":
      return formatPMessageItem({
        pattern: event.pattern,
        channel: event.channel,
        message: event.message,
      });
    default:
      return assertNever(event);
  }
}

/**
 * A stream whose unread events went over its output-buffer limit has ended (kv/output-limit.ts):
 * its connection is closed, as Redis closes a slow subscriber's, and counted.
 */
function dropSlowReader(database: KvDatabase, request: EmulatorRequest): () => void {
  return () => {
    database.usage.recordOutputLimitDisconnection();
    request.disconnect?.();
  };
}

function monitor(database: KvDatabase, request: EmulatorRequest): KvAnswer {
  if (request.method === "HEAD") {
    return sseResponse(noEvents());
  }
  const lines = database.backend.monitor({
    signal: request.signal,
    onOutputLimit: dropSlowReader(database, request),
  });
  async function* items(): AsyncIterable<Uint8Array> {
    yield sseData(MONITOR_OK_ITEM);
    for await (const line of lines) {
      yield sseData(formatMonitorLine(line));
    }
  }
  return sseResponse(withPings(items()));
}

function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}
