/**
 * A management API test emulator: fixed credentials, a ManualClock, no RESP, in memory unless a
 * data directory is given, and helpers that call `/v2` with basic auth through the in-process
 * `fetch` (the same handler the socket serves).
 */
import { createEmulator, type Emulator, type EmulatorOptions } from "../../src/emulator.ts";
import { ManualClock } from "../../src/engine/index.ts";

export const EMAIL = "dev@example.com";
export const API_KEY = "test-api-key";
/** A Monday, 10:07:30 UTC: off every period boundary, so alignment is visible. */
export const START_MS = Date.UTC(2026, 2, 2, 10, 7, 30);

export interface ManagementTestEmulator extends AsyncDisposable {
  readonly emulator: Emulator;
  readonly clock: ManualClock;
  /** Calls `/v2{path}` with the account's credentials (or `auth`), JSON-encoding `body`. */
  api(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; auth?: string | null },
  ): Promise<ApiResponse>;
  /** Calls a key-value or vector REST URL with a bearer token. */
  rest(url: string, token: string, body?: unknown): Promise<ApiResponse>;
}

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes.
  readonly json: any;
}

export function basicAuth(email: string, apiKey: string): string {
  return `Basic ${Buffer.from(`${email}:${apiKey}`).toString("base64")}`;
}

export async function startManagementEmulator(
  options: EmulatorOptions = {},
): Promise<ManagementTestEmulator> {
  const clock = new ManualClock(START_MS);
  const errors: unknown[] = [];
  const emulator = await createEmulator({
    port: 0,
    respPort: null,
    email: EMAIL,
    apiKey: API_KEY,
    clock,
    onError: (error) => errors.push(error),
    ...options,
  });
  const read = async (response: Response): Promise<ApiResponse> => {
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
  return {
    emulator,
    clock,
    api: async (method, path, { body, rawBody, auth } = {}) => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      const authorization = auth === undefined ? basicAuth(EMAIL, API_KEY) : auth;
      if (authorization !== null) {
        headers["authorization"] = authorization;
      }
      const init: RequestInit = { method, headers };
      if (rawBody !== undefined) {
        init.body = rawBody;
      } else if (body !== undefined) {
        init.body = JSON.stringify(body);
      }
      return read(await emulator.fetch(`${emulator.url}/v2${path}`, init));
    },
    rest: async (url, token, body) =>
      read(
        await emulator.fetch(url, {
          method: body === undefined ? "GET" : "POST",
          headers: { authorization: `Bearer ${token}` },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      ),
    [Symbol.asyncDispose]: async () => {
      await emulator.close();
      if (errors.length > 0) {
        throw new AggregateError(errors, `the emulator reported ${errors.length} error(s)`);
      }
    },
  };
}

/** The body of `POST /redis/database` most tests use. */
export const CREATE_DATABASE = {
  database_name: "cache",
  platform: "aws",
  primary_region: "us-east-1",
} as const;
