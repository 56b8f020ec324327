/**
 * The search REST interface at `/search/{name}/…` (search-wire.md §1, §3), for `@upstash/search`:
 * a search database's base URL is `/search/{name}`, and the SDK appends `/{command}/{index}`.
 * From the head: the method, the database and its token (405, 404, 401), before any body byte is
 * read. With the body: the command, its index segment (the rest of the path, percent-decoded,
 * slashes included, §1.2), the read-only check (403), the JSON body, `SearchService.execute`, and
 * the vector service's envelope — `{"result": …}` or `{"error": …, "status": …}` — with one usage
 * sample per request for the management statistics.
 */
import { parseBearerToken } from "@stratus/core/auth";
import type { SearchCommand, SearchOutcome, SearchService } from "../../search/index.ts";
import {
  DEFAULT_NAMESPACE,
  type VectorGrant,
  VectorLimits,
  VectorMessages,
  type VectorOperation,
  VectorRequestError,
} from "../../vector/index.ts";
import { bodyTooLargeMessage, jsonResponse } from "../http-error.ts";
import type {
  Admission,
  EmulatorRequest,
  EmulatorRequestHead,
  EmulatorResponse,
} from "../types.ts";

/** One per HTTP request to a database that exists, for metrics. */
export interface SearchUsageSample {
  readonly database: string;
  /** A vector operation, or `rerank` for the documents a search re-ranked. */
  readonly operation: VectorOperation | "rerank";
  /** Documents written or read, or searches run. */
  readonly count: number;
  readonly latencyMs: number;
  readonly bytesIn: number;
  readonly bytesOut: number;
}

export interface SearchRouteOptions {
  readonly service: SearchService;
  readonly onUsage?: ((sample: SearchUsageSample) => void) | undefined;
}

/** A database's name and the rest of the path below `/search/{name}`, still percent-encoded. */
export interface SearchRoute {
  readonly name: string;
  readonly path: string;
}

export type SearchRouteHandler = (head: EmulatorRequestHead, route: SearchRoute) => Admission;

type SearchAnswer = EmulatorResponse & { readonly body: Uint8Array };

// As the vector interface (vector-rest-wire.md §1.1): the SDK only POSTs, other clients may not.
const ALLOWED_METHODS = new Set(["GET", "POST", "PUT", "DELETE"]);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function createSearchRoute(options: SearchRouteOptions): SearchRouteHandler {
  return (head, route) => admit(head, { ...options, route });
}

interface RequestContext extends SearchRouteOptions {
  readonly route: SearchRoute;
}

function admit(head: EmulatorRequestHead, context: RequestContext): Admission {
  const startedAt = performance.now();
  let grant: VectorGrant;
  try {
    grant = authorize(head, context);
  } catch (error: unknown) {
    const answer = errorEnvelope(error);
    recordUsage(context, { startedAt, operation: "other", count: 0, bytesIn: 0, answer });
    return { answer };
  }
  const maxBodyBytes = VectorLimits.MAX_REQUEST_BYTES;
  return {
    maxBodyBytes,
    tooLarge: (receivedBytes) =>
      jsonResponse(413, {
        error: bodyTooLargeMessage({ maxBodyBytes, receivedBytes }),
        status: 413,
      }),
    handle: (request) => run(request, { context, grant }),
  };
}

function authorize(head: EmulatorRequestHead, { service, route }: RequestContext): VectorGrant {
  if (!ALLOWED_METHODS.has(head.method)) {
    throw new VectorRequestError(
      405,
      `Method ${head.method} is not allowed: use GET, POST, PUT or DELETE.`,
    );
  }
  const database = service.database(route.name);
  if (database === undefined) {
    throw noDatabase(route.name);
  }
  const grant = database.verify(parseBearerToken(head.headers.get("authorization")));
  if (grant === undefined) {
    throw new VectorRequestError(401, VectorMessages.UNAUTHORIZED);
  }
  return grant;
}

async function run(
  request: EmulatorRequest,
  { context, grant }: { context: RequestContext; grant: VectorGrant },
): Promise<EmulatorResponse> {
  const startedAt = performance.now();
  const { name, index } = splitCommandPath(context.route.path);
  const { commands } = context.service;
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  let count = 0;
  let reranked: SearchOutcome["reranked"];
  let answer: SearchAnswer;
  try {
    // Admitted: the database existed when the head was read; it may have been deleted since.
    const database = context.service.database(context.route.name);
    if (database === undefined) {
      throw noDatabase(context.route.name);
    }
    checkCommand({ name, command, index, grant });
    const outcome = await context.service.execute(command as SearchCommand, {
      index: database,
      namespace: index ?? DEFAULT_NAMESPACE,
      body: parseBody(request.body),
      query: request.query,
    });
    count = outcome.count;
    reranked = outcome.reranked;
    answer = envelope(200, { result: outcome.result });
  } catch (error: unknown) {
    answer = errorEnvelope(error);
  }
  recordUsage(context, {
    startedAt,
    operation: command?.operation ?? "other",
    count,
    bytesIn: request.body.byteLength,
    answer,
  });
  if (reranked !== undefined && context.onUsage !== undefined) {
    // Reranks are counted in documents, as the service bills them (search-wire.md §5).
    context.onUsage({
      database: context.route.name,
      operation: "rerank",
      count: reranked.count,
      latencyMs: reranked.latencyMs,
      bytesIn: 0,
      bytesOut: 0,
    });
  }
  return answer;
}

function checkCommand(request: {
  name: string;
  command: SearchCommand | undefined;
  index: string | undefined;
  grant: VectorGrant;
}): void {
  const { name, command, index, grant } = request;
  if (command === undefined) {
    throw new VectorRequestError(
      400,
      name === ""
        ? "Invalid command: the URL names no command, e.g. /search/{index} or /info."
        : `Invalid command: ${name} is not a search command.`,
    );
  }
  if (command.index === "none" && index !== undefined) {
    throw new VectorRequestError(400, `Invalid command: ${name} takes no index.`);
  }
  if (command.index === "required" && (index === undefined || index === "")) {
    throw new VectorRequestError(
      400,
      `Invalid command: ${name} needs an index name, e.g. /${name}/movies.`,
    );
  }
  if (command.isWrite && grant === "read-only") {
    throw new VectorRequestError(
      403,
      `Forbidden: ${name} writes, and the Read Only token only reads. Use the Standard token.`,
    );
  }
}

function noDatabase(name: string): VectorRequestError {
  return new VectorRequestError(404, `Search database ${name} does not exist.`);
}

function errorEnvelope(error: unknown): SearchAnswer {
  if (error instanceof VectorRequestError) {
    return envelope(error.status, { error: error.message, status: error.status });
  }
  throw error;
}

function recordUsage(
  { service, route, onUsage }: RequestContext,
  sample: {
    startedAt: number;
    operation: VectorOperation;
    count: number;
    bytesIn: number;
    answer: SearchAnswer;
  },
): void {
  if (onUsage !== undefined && service.database(route.name) !== undefined) {
    onUsage({
      database: route.name,
      operation: sample.operation,
      count: sample.count,
      latencyMs: performance.now() - sample.startedAt,
      bytesIn: sample.bytesIn,
      bytesOut: sample.answer.body.byteLength,
    });
  }
}

/**
 * `search/movies` → command `search`, index `movies`. The SDK appends the index name raw, so it
 * is percent-decoded here (search-wire.md §1.2); everything after the command is the index.
 */
function splitCommandPath(path: string): { name: string; index: string | undefined } {
  const trimmed = path.replace(/^\/+/, "");
  const slash = trimmed.indexOf("/");
  if (slash === -1) {
    return { name: trimmed, index: undefined };
  }
  const raw = trimmed.slice(slash + 1);
  let index: string;
  try {
    index = decodeURIComponent(raw);
  } catch {
    index = raw;
  }
  return { name: trimmed.slice(0, slash), index };
}

function parseBody(body: Uint8Array): unknown {
  const text = decoder.decode(body);
  if (text.trim() === "") {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new VectorRequestError(
      400,
      `Invalid request body: not JSON (${JSON.stringify(text.slice(0, 40))}).`,
    );
  }
}

function envelope(status: number, value: unknown): SearchAnswer {
  return {
    status,
    headers: { "content-type": "application/json" },
    body: encoder.encode(JSON.stringify(value)),
  };
}
