import { byteLength, isWholeBody } from "./body.ts";
import { jsonError, knownErrorResponse } from "./http-error.ts";
import type { EmulatorRequest, EmulatorResponse, RequestHandler } from "./types.ts";

const EMPTY = new Uint8Array(0);

/**
 * A HEAD answer: the GET response's status and headers, with the length its body would have had
 * (RFC 9110 §9.3.2), and no body. A stream is closed at once: nobody will read it.
 */
function withoutBody(response: EmulatorResponse): EmulatorResponse {
  const { body } = response;
  if (isWholeBody(body)) {
    return {
      status: response.status,
      headers: { ...response.headers, "content-length": String(byteLength(body)) },
      body: EMPTY,
    };
  }
  const iterator = body[Symbol.asyncIterator]();
  void iterator.return?.()?.catch(() => undefined);
  return { status: response.status, headers: response.headers, body: EMPTY };
}

/**
 * Wraps the routes, and is the one place errors become responses (STYLE.md §7.7, §12): client
 * mistakes (`HttpError`) become their 4xx, an unreachable backend a JSON 503, and anything else is
 * a bug, logged and answered 500 without details. Every answer has a JSON body (kv-rest-wire.md
 * §5.1), and HEAD answers as GET does, without the body.
 */
export function createHandler(
  route: RequestHandler,
  onInternalError: (error: unknown) => void,
): RequestHandler {
  const toResponse = (error: unknown): EmulatorResponse => {
    const known = knownErrorResponse(error);
    if (known === undefined) {
      onInternalError(error);
    }
    return known ?? jsonError(500, "ERR internal emulator error");
  };
  // Not `async`: an answer the route has at once is passed on at once.
  return (request: EmulatorRequest): EmulatorResponse | Promise<EmulatorResponse> => {
    let answer: EmulatorResponse | Promise<EmulatorResponse>;
    try {
      answer = route(request);
    } catch (error: unknown) {
      return finish(request, toResponse(error));
    }
    return answer instanceof Promise
      ? answer.then(
          (response) => finish(request, response),
          (error: unknown) => finish(request, toResponse(error)),
        )
      : finish(request, answer);
  };
}

/** HEAD answers as GET does, without the body. */
function finish(request: EmulatorRequest, response: EmulatorResponse): EmulatorResponse {
  return request.method === "HEAD" ? withoutBody(response) : response;
}
