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
  VectorMessages,
  type VectorOperation,
  VectorRequestError,
} from "../../vector/index.ts";
import type {
  Admission,
  EmulatorRequest,
  EmulatorRequestHead,
  EmulatorResponse,
} from "../types.ts";
import {
  bodyLimit,
  checkMethod,
  type EnvelopeAnswer,
  envelope,
  errorEnvelope,
  parseJsonBody,
  splitCommandPath,
} from "./vector-wire.ts";

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
  return { ...bodyLimit(), handle: (request) => run(request, { context, grant }) };
}

function authorize(head: EmulatorRequestHead, { service, route }: RequestContext): VectorGrant {
  // As the vector interface: the SDK only POSTs, other clients may not.
  checkMethod(head);
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
  const { name, rest: index } = splitCommandPath(context.route.path);
  const { commands } = context.service;
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  let count = 0;
  let reranked: SearchOutcome["reranked"];
  let answer: EnvelopeAnswer;
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
      body: parseJsonBody(request.body),
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

function recordUsage(
  { service, route, onUsage }: RequestContext,
  sample: {
    startedAt: number;
    operation: VectorOperation;
    count: number;
    bytesIn: number;
    answer: EnvelopeAnswer;
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
