import { byteLength, isWholeBody } from "./body.ts";
import { jsonError, knownErrorResponse } from "./http-error.ts";
import type {
  Admission,
  AdmittedRequest,
  EmulatorRequest,
  EmulatorRequestHead,
  EmulatorResponse,
  HttpService,
  RequestHandler,
} from "./types.ts";

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
  routes: HttpService,
  onInternalError: (error: unknown) => void,
): HttpService {
  const toResponse = (error: unknown): EmulatorResponse => {
    const known = knownErrorResponse(error);
    if (known === undefined) {
      onInternalError(error);
    }
    return known ?? jsonError(500, "ERR internal emulator error");
  };
  return {
    admit(head) {
      let admission: Admission;
      try {
        admission = routes.admit(head);
      } catch (error: unknown) {
        return { answer: finish(head, toResponse(error)) };
      }
      return "answer" in admission
        ? { answer: finish(head, admission.answer) }
        : new GuardedRequest(head, admission, toResponse);
    },
  };
}

/** An admitted request whose errors become responses, and whose HEAD answers lose their body. */
class GuardedRequest implements AdmittedRequest {
  readonly maxBodyBytes: number;
  readonly #head: EmulatorRequestHead;
  readonly #admitted: AdmittedRequest;
  readonly #toResponse: (error: unknown) => EmulatorResponse;

  constructor(
    head: EmulatorRequestHead,
    admitted: AdmittedRequest,
    toResponse: (error: unknown) => EmulatorResponse,
  ) {
    this.maxBodyBytes = admitted.maxBodyBytes;
    this.#head = head;
    this.#admitted = admitted;
    this.#toResponse = toResponse;
  }

  tooLarge(receivedBytes: number): EmulatorResponse {
    return finish(this.#head, this.#admitted.tooLarge(receivedBytes));
  }

  // Not `async`: an answer the route has at once is passed on at once.
  handle(request: EmulatorRequest): EmulatorResponse | Promise<EmulatorResponse> {
    let answer: EmulatorResponse | Promise<EmulatorResponse>;
    try {
      answer = this.#admitted.handle(request);
    } catch (error: unknown) {
      return finish(request, this.#toResponse(error));
    }
    return answer instanceof Promise
      ? answer.then(
          (response) => finish(request, response),
          (error: unknown) => finish(request, this.#toResponse(error)),
        )
      : finish(request, answer);
  }
}

/** HEAD answers as GET does, without the body. */
function finish(request: EmulatorRequestHead, response: EmulatorResponse): EmulatorResponse {
  return request.method === "HEAD" ? withoutBody(response) : response;
}

/**
 * A whole request (its body already read, as by the in-process `fetch`) through the two steps:
 * the same answers a socket gets, the body's limit included.
 */
export function wholeRequestHandler(service: HttpService): RequestHandler {
  return (request) => {
    const admission = service.admit(request);
    if ("answer" in admission) {
      return admission.answer;
    }
    const { byteLength: bodyBytes } = request.body;
    return bodyBytes > admission.maxBodyBytes
      ? admission.tooLarge(bodyBytes)
      : admission.handle(request);
  };
}
