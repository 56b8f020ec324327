/**
 * The vector REST interface at `/vector/{name}/…` (vector-rest-wire.md §1). From the head: the
 * method, the index and its token (405, 404, 401), before any byte of the body is read. With the
 * body (at most `VectorLimits.MAX_REQUEST_BYTES`): the command path `/{command}[/{namespace}]`,
 * the command table's checks, the JSON body, `VectorService.execute`, the `{"result": …}` or
 * `{"error": …, "status": …}` envelope (§1.3), and one usage sample per request (STYLE.md §7.6).
 *
 * A `VectorRequestError` is a client mistake and becomes its envelope here; anything else is a bug
 * and goes on to `handler.ts` (a 500).
 *
 * The commands are not a `RouteTable`: every command takes every method, an unknown command is a
 * 400 in the service's wording rather than a 404, and the namespace is the rest of the path,
 * slashes included. The table itself (`VECTOR_COMMANDS`) is the product's data, in `vector/`.
 */
import { parseBearerToken } from "@stratus/core/auth";
import {
  DEFAULT_NAMESPACE,
  VECTOR_COMMANDS,
  type VectorGrant,
  VectorMessages,
  type VectorOperation,
  VectorRequestError,
  type VectorService,
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

/** One per HTTP request to an index that exists, for metrics (STYLE.md §7.6). */
export interface VectorUsageSample {
  readonly index: string;
  readonly operation: VectorOperation;
  /** Vectors written or read, or queries run. */
  readonly count: number;
  readonly latencyMs: number;
  readonly bytesIn: number;
  readonly bytesOut: number;
}

export interface VectorRouteOptions {
  readonly service: VectorService;
  /** Called once per request to an index that exists, answered by this route. */
  readonly onUsage?: ((sample: VectorUsageSample) => void) | undefined;
}

/** An index's name and the rest of the path below `/vector/{name}`, still percent-encoded. */
export interface VectorRoute {
  readonly name: string;
  readonly path: string;
}

/** The vector REST interface as the router's hook for `/vector/{name}/…`. */
export type VectorRouteHandler = (head: EmulatorRequestHead, route: VectorRoute) => Admission;

export function createVectorRoute(options: VectorRouteOptions): VectorRouteHandler {
  return (head, route) => admit(head, { ...options, route });
}

interface RequestContext extends VectorRouteOptions {
  readonly route: VectorRoute;
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

/** The grant of the request's token, or a 405, 404 or 401. */
function authorize(head: EmulatorRequestHead, { service, route }: RequestContext): VectorGrant {
  checkMethod(head);
  const index = service.index(route.name);
  if (index === undefined) {
    throw noIndex(route.name);
  }
  const grant = index.verify(parseBearerToken(head.headers.get("authorization")));
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
  const { name, rest: namespace } = splitCommandPath(context.route.path);
  // Own keys only: `constructor` or `__proto__` name no command, whatever Object.prototype has.
  const command = Object.hasOwn(VECTOR_COMMANDS, name) ? VECTOR_COMMANDS[name] : undefined;
  let count = 0;
  let answer: EnvelopeAnswer;
  try {
    // Admitted: the index existed when the head was read; it may have been deleted since.
    const index = context.service.index(context.route.name);
    if (index === undefined) {
      throw noIndex(context.route.name);
    }
    if (command === undefined) {
      throw new VectorRequestError(
        400,
        name === ""
          ? "Invalid command: the URL names no command, e.g. /info or /query."
          : `Invalid command: ${name} is not a vector command.`,
      );
    }
    if (namespace !== undefined && !command.isNamespaced) {
      throw new VectorRequestError(400, `Invalid command: ${name} takes no namespace.`);
    }
    if (command.isWrite && grant === "read-only") {
      throw new VectorRequestError(
        403,
        `Forbidden: ${name} writes, and the Read Only token only reads. Use the Standard token.`,
      );
    }
    const outcome = await context.service.execute(command, {
      index,
      namespace: namespace ?? DEFAULT_NAMESPACE,
      body: parseBody(request.body, context.service),
      query: request.query,
    });
    count = outcome.count;
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
  return answer;
}

function noIndex(name: string): VectorRequestError {
  return new VectorRequestError(404, `Vector index ${name} does not exist.`);
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
  // Usage belongs to an index: requests to a name that does not exist (any more) count nowhere.
  if (onUsage !== undefined && service.index(route.name) !== undefined) {
    onUsage({
      index: route.name,
      operation: sample.operation,
      count: sample.count,
      latencyMs: performance.now() - sample.startedAt,
      bytesIn: sample.bytesIn,
      bytesOut: sample.answer.body.byteLength,
    });
  }
}

/** Upserts' vectors straight from the bytes when the fast reader takes them, else JSON.parse. */
function parseBody(body: Uint8Array, service: VectorService): unknown {
  try {
    return service.readBody(body);
  } catch {
    // Not JSON, or nothing the fast reader takes: JSON.parse decides, with its own error.
  }
  return parseJsonBody(body);
}
