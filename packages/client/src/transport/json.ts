/**
 * JSON requests of the vector and management interfaces: bodies out, answers checked with core's
 * schemas in, non-2xx answers mapped to {@link HttpError} with the server's `error` text
 * (vector-rest-wire.md §1.3, management-api.md §8).
 */
import { utf8Decode } from "@stratus/core/base64";
import { formatZodIssue, type ZodIssueSource } from "@stratus/core/schemas";
import { HttpError, ResponseShapeError, UsageError } from "../errors.ts";
import type { HttpMethod, Transport } from "./http-transport.ts";

/** What the client needs of a core schema: `safeParse`, without importing zod itself. */
export interface Schema<TOutput> {
  safeParse(
    input: unknown,
  ):
    | { readonly success: true; readonly data: TOutput }
    | { readonly success: false; readonly error: ZodIssueSource };
}

/** One JSON request. */
export interface JsonRequest<TResult> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly body?: unknown;
  readonly headers: Readonly<Record<string, string>>;
  /** Checks the answer (already unwrapped of any envelope by `unwrap`). */
  readonly response: Schema<TResult>;
  /** Takes the payload out of the answer, e.g. the vector interface's `result`. */
  readonly unwrap?: (json: unknown) => unknown;
  readonly signal?: AbortSignal | undefined;
}

const MAX_QUOTED_BODY = 200;

/** Checks a request body against a core schema before anything is sent. */
export function checkRequest<TOutput>(schema: Schema<TOutput>, input: unknown, what: string): void {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new UsageError(`Invalid ${what}: ${formatZodIssue(parsed.error, input)}`);
  }
}

/** The server's error text: `error`, else `message`, else the raw body (management-api.md §8). */
function serverMessage(text: string, status: number): string {
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json === "object" && json !== null) {
      const { error, message } = json as { readonly error?: unknown; readonly message?: unknown };
      if (typeof error === "string" && error !== "") {
        return error;
      }
      if (typeof message === "string" && message !== "") {
        return message;
      }
    }
  } catch {
    // not JSON: quote the text
  }
  return text === "" ? `HTTP ${status}` : text.slice(0, MAX_QUOTED_BODY);
}

/** Sends a JSON request and returns its checked answer. */
export async function requestJson<TResult>(
  transport: Transport,
  request: JsonRequest<TResult>,
): Promise<TResult> {
  const response = await transport.request({
    method: request.method,
    path: request.path,
    headers: { ...request.headers, "content-type": "application/json" },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    signal: request.signal,
  });
  const text = utf8Decode(response.body);
  if (response.status < 200 || response.status >= 300) {
    throw new HttpError(response.status, serverMessage(text, response.status));
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error: unknown) {
    throw new ResponseShapeError(
      `${request.method} ${request.path} answered a body that is not JSON: ${JSON.stringify(text.slice(0, MAX_QUOTED_BODY))}`,
      { cause: error },
    );
  }
  const payload = request.unwrap === undefined ? json : request.unwrap(json);
  const parsed = request.response.safeParse(payload);
  if (!parsed.success) {
    throw new ResponseShapeError(
      `${request.method} ${request.path} answered an unexpected shape: ${formatZodIssue(parsed.error, payload)}`,
    );
  }
  return parsed.data;
}
