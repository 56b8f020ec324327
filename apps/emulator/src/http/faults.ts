/**
 * Fault injection over HTTP (issue 23): {@link withFaults} wraps the router, classifies each
 * request from its path (and its command from the body once read), asks the `FaultInjector`
 * (`faults/injector.ts`) and applies its decision: latency, an error answer, a reset connection,
 * an event stream dropped after N events.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { CONTROL_PATH_PREFIX, type FaultRule } from "@stratus/core/schemas";
import {
  type Decision,
  type FaultInjector,
  type FaultScope,
  presetAnswer,
} from "../faults/injector.ts";
import { isWholeBody } from "./body.ts";
import { jsonError, jsonResponse } from "./http-error.ts";
import type {
  EmulatorRequest,
  EmulatorRequestHead,
  EmulatorResponse,
  HttpService,
} from "./types.ts";

/** Which interface and resource a path belongs to (router.ts's prefixes). */
export function classify(path: string): FaultScope {
  const named = (prefix: string): string | undefined => {
    const rest = path.slice(prefix.length);
    const name = rest.split("/", 1)[0] ?? "";
    try {
      return name === "" ? undefined : decodeURIComponent(name);
    } catch {
      return name;
    }
  };
  if (path === "/v2" || path.startsWith("/v2/") || path === "/auditlogs") {
    return { interface: "management", resource: undefined, path };
  }
  if (path.startsWith("/vector/")) {
    return { interface: "vector", resource: named("/vector/"), path };
  }
  if (path.startsWith("/search/")) {
    return { interface: "search", resource: named("/search/"), path };
  }
  if (path.startsWith("/qstash/") || path.startsWith("/queues/")) {
    return { interface: "queues", resource: undefined, path };
  }
  if (path.startsWith("/redis/")) {
    return { interface: "kv", resource: named("/redis/"), path };
  }
  return { interface: "kv", resource: "default", path };
}

/** The commands of a request, upper case: key-value commands, or the vector operation. */
function commandsOf(scope: FaultScope, request: EmulatorRequest): string[] {
  const segments = scope.path.split("/").slice(1);
  const rest =
    scope.interface === "vector" || (scope.interface === "kv" && scope.path.startsWith("/redis/"))
      ? segments.slice(2)
      : segments;
  const first = decodeSafe(rest[0] ?? "").toUpperCase();
  if (scope.interface !== "kv") {
    return first === "" ? [] : [first];
  }
  if (first !== "" && first !== "PIPELINE" && first !== "MULTI-EXEC") {
    return [first];
  }
  // A command in the body (`["SET", "k", "v"]`) or a list of them (pipeline, transaction).
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(request.body));
  } catch {
    return [];
  }
  const lists = Array.isArray(body) && Array.isArray(body[0]) ? body : [body];
  return lists.flatMap((argv: unknown) =>
    Array.isArray(argv) && typeof argv[0] === "string" ? [argv[0].toUpperCase()] : [],
  );
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function errorResponse(
  error: Exclude<FaultRule["error"], undefined>,
  context: { scope: FaultScope; outageMessage: string },
): EmulatorResponse {
  const { scope } = context;
  if (typeof error !== "string") {
    const isJson = (() => {
      try {
        JSON.parse(error.body);
        return true;
      } catch {
        return false;
      }
    })();
    return {
      status: error.status,
      headers: { "content-type": isJson ? "application/json" : "text/plain; charset=utf-8" },
      body: error.body,
    };
  }
  if (error === "connection-reset") {
    throw new TypeError("connection-reset has no answer");
  }
  const { status, message } = presetAnswer(error, context);
  // The vector and search interfaces repeat the status in the body (vector-rest-wire.md §1.3).
  return scope.interface === "vector" || scope.interface === "search"
    ? jsonResponse(status, { error: message, status })
    : jsonError(status, message);
}

/** The answer of a closed connection: nobody reads it. */
const NO_ANSWER: EmulatorResponse = { status: 502, headers: {}, body: new Uint8Array(0) };

/** An event stream ended after `events` events, the connection closed as a drop would. */
async function* dropAfter(
  source: AsyncIterable<Uint8Array>,
  { events, request }: { events: number; request: EmulatorRequest },
): AsyncIterable<Uint8Array> {
  let sent = 0;
  const iterator = source[Symbol.asyncIterator]();
  try {
    while (sent < events) {
      const next = await iterator.next();
      if (next.done === true) {
        return;
      }
      sent += 1;
      yield next.value;
    }
  } finally {
    await iterator.return?.();
  }
  if (request.disconnect !== undefined) {
    request.disconnect();
    return;
  }
  throw new Error(`stream dropped after ${events} events (injected fault)`);
}

async function applyDecision(
  decision: Decision,
  context: { scope: FaultScope; request: EmulatorRequest; injector: FaultInjector },
  answer: () => EmulatorResponse | Promise<EmulatorResponse>,
): Promise<EmulatorResponse> {
  const { scope, request, injector } = context;
  const report = (action: string): void => {
    for (const ruleId of decision.ruleIds) {
      injector.report({ ruleId, method: request.method, path: request.path, action });
    }
  };
  if (decision.latencyMs > 0) {
    report(`latency ${decision.latencyMs} ms`);
    await sleep(decision.latencyMs);
  }
  if (decision.error === "connection-reset") {
    report("connection reset");
    request.disconnect?.();
    return NO_ANSWER;
  }
  if (decision.error !== undefined) {
    const response = errorResponse(decision.error, {
      scope,
      outageMessage: injector.outageMessage,
    });
    report(`error ${response.status}`);
    return response;
  }
  const response = await answer();
  if (decision.dropSseAfter !== undefined && !isWholeBody(response.body)) {
    report(`stream dropped after ${decision.dropSseAfter} events`);
    return {
      ...response,
      body: dropAfter(response.body, { events: decision.dropSseAfter, request }),
    };
  }
  return response;
}

/** The router with the injector's rules applied; the control endpoint is never faulted. */
export function withFaults(service: HttpService, injector: FaultInjector): HttpService {
  return {
    admit(head: EmulatorRequestHead) {
      const admission = service.admit(head);
      if (injector.size === 0 || head.path.startsWith(CONTROL_PATH_PREFIX)) {
        return admission;
      }
      const scope = classify(head.path);
      if ("answer" in admission) {
        // Answered from the head (no token, unknown path): an error status applies, without a
        // command, and no body is read (none is, unauthenticated).
        const decision = injector.decide(scope, undefined);
        if (
          decision === undefined ||
          decision.error === undefined ||
          decision.error === "connection-reset"
        ) {
          return admission;
        }
        const answer = errorResponse(decision.error, {
          scope,
          outageMessage: injector.outageMessage,
        });
        for (const ruleId of decision.ruleIds) {
          injector.report({
            ruleId,
            method: head.method,
            path: head.path,
            action: `error ${answer.status}`,
          });
        }
        return { answer };
      }
      return {
        maxBodyBytes: admission.maxBodyBytes,
        tooLarge: (receivedBytes) => admission.tooLarge(receivedBytes),
        handle: (request) => {
          const decision = injector.decide(scope, commandsOf(scope, request));
          return decision === undefined
            ? admission.handle(request)
            : applyDecision(decision, { scope, request, injector }, () =>
                admission.handle(request),
              );
        },
      };
    },
  };
}
