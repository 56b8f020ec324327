/**
 * A live emulator for the vector tests: port 0, a ManualClock, and helpers to create indexes and
 * call the REST interface with a token.
 */
import type { VectorRouteHandler } from "../../src/http/routes/vector.ts";
import type { EmulatorResponse } from "../../src/http/types.ts";
import { createEmulator, type Emulator, ManualClock } from "../../src/index.ts";
import type { VectorIndexSpec } from "../../src/vector/index.ts";

export const TOKEN = "vector-token";
export const READ_ONLY_TOKEN = "vector-read-only-token";

export interface VectorTestServer extends AsyncDisposable {
  readonly emulator: Emulator;
  readonly clock: ManualClock;
  /** Creates an index with {@link TOKEN} and {@link READ_ONLY_TOKEN}; returns its base URL. */
  createIndex(spec: Omit<VectorIndexSpec, "token" | "readOnlyToken">): Promise<string>;
}

export async function startVectorServer(
  options: { vectorIndexingDelayMs?: number; dataDir?: string } = {},
): Promise<VectorTestServer> {
  const clock = new ManualClock();
  const emulator = await createEmulator({ port: 0, respPort: null, clock, ...options });
  return {
    emulator,
    clock,
    async createIndex(spec) {
      await emulator.vector.createIndex({ ...spec, token: TOKEN, readOnlyToken: READ_ONLY_TOKEN });
      return `${emulator.url}/vector/${spec.name}`;
    },
    [Symbol.asyncDispose]: () => emulator.close(),
  };
}

export interface CallResult {
  readonly status: number;
  readonly body: { result?: unknown; error?: string; status?: number };
  readonly text: string;
}

/** POSTs (or `method`) JSON to `url` (`{base}/{command}`) with a bearer token. */
export async function call(
  url: string,
  body?: unknown,
  options: { token?: string | null; method?: string; rawBody?: string } = {},
): Promise<CallResult> {
  const { token = TOKEN, method = "POST" } = options;
  const response = await fetch(url, {
    method,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    body: options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as CallResult["body"], text };
}

/** The `result` of a call that must succeed. */
export async function result(base: string, path: string, body?: unknown): Promise<unknown> {
  const outcome = await call(`${base}/${path}`, body);
  if (outcome.status !== 200) {
    throw new Error(`${path} failed with ${outcome.status}: ${outcome.text}`);
  }
  return outcome.body.result;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Sends one request to index `idx` through the vector route's two steps (head, then body), as the
 * HTTP layer would, without a socket. `path` is `{command}[/{namespace}][?query]`.
 */
export async function sendToRoute(
  route: VectorRouteHandler,
  request: { path: string; body: unknown; token: string },
): Promise<{ status: number; body: unknown }> {
  const [path = "", rawQuery = ""] = request.path.split("?");
  const head = {
    method: "POST",
    path: `/vector/idx/${path}`,
    query: new URLSearchParams(rawQuery),
    rawQuery,
    headers: {
      get: (name: string) => (name === "authorization" ? `Bearer ${request.token}` : undefined),
    },
    signal: new AbortController().signal,
    remoteAddress: "127.0.0.1:0",
  };
  const admission = route(head, { name: "idx", path: `/${path}` });
  const response: EmulatorResponse =
    "answer" in admission
      ? admission.answer
      : await admission.handle({ ...head, body: encoder.encode(JSON.stringify(request.body)) });
  if (!(response.body instanceof Uint8Array)) {
    throw new Error("the vector route answers with bytes");
  }
  return { status: response.status, body: JSON.parse(decoder.decode(response.body)) };
}
