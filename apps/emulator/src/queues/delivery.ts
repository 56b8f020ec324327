/**
 * One delivery attempt over real HTTP (undici), to any URL, `localhost` included (§4.1-§4.4): a
 * 2xx is success; another status, a refused connection or the timeout is a failure. The response
 * body is kept (up to a limit) for the log, the DLQ and callbacks.
 */
import type { Agent } from "undici";

/** Response bodies kept for logs, the DLQ and callbacks (the plan's message size). */
const MAX_KEPT_BODY_BYTES = 1_048_576;

export interface AttemptRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array;
  readonly timeoutMs: number;
}

export interface AttemptOutcome {
  readonly ok: boolean;
  readonly status?: number;
  readonly headers: Record<string, string[]>;
  readonly body: Uint8Array;
  /** Why the attempt failed without a response, or the status line. */
  readonly error?: string;
}

export class Deliverer {
  /**
   * undici and its agent, loaded at the first delivery: most processes (a test's emulator) never
   * deliver, and undici's import is a large part of the emulator's start-up.
   */
  #client: Promise<{ agent: Agent; request: typeof import("undici").request }> | undefined;

  #loadClient(): Promise<{ agent: Agent; request: typeof import("undici").request }> {
    this.#client ??= import("undici").then(({ Agent: AgentClass, request }) => ({
      agent: new AgentClass({ connections: 128, pipelining: 1, keepAliveTimeout: 4000 }),
      request,
    }));
    return this.#client;
  }

  async attempt(attempt: AttemptRequest): Promise<AttemptOutcome> {
    try {
      const { agent, request } = await this.#loadClient();
      const response = await request(attempt.url, {
        method: attempt.method as "POST",
        headers: attempt.headers,
        body: attempt.method === "GET" ? null : attempt.body,
        dispatcher: agent,
        // The attempt's timeout bounds the wait for the answer's head and each gap in its body
        // (undici's own timers; an AbortSignal per attempt costs a timer object each).
        headersTimeout: attempt.timeoutMs,
        bodyTimeout: attempt.timeoutMs,
      });
      const chunks: Uint8Array[] = [];
      let kept = 0;
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        if (kept < MAX_KEPT_BODY_BYTES) {
          chunks.push(chunk);
          kept += chunk.byteLength;
        }
      }
      const headers: Record<string, string[]> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) {
          headers[canonicalName(name)] = Array.isArray(value) ? value : [value];
        }
      }
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return {
        ok,
        status: response.statusCode,
        headers,
        body: Buffer.concat(chunks).subarray(0, MAX_KEPT_BODY_BYTES),
        ...(ok ? {} : { error: `the destination answered ${response.statusCode}` }),
      };
    } catch (error: unknown) {
      const text =
        error instanceof Error &&
        (error.name === "TimeoutError" ||
          error.name === "AbortError" ||
          /timeout/i.test(error.name))
          ? `timeout after ${attempt.timeoutMs} ms`
          : `cannot reach the destination: ${describe(error)}`;
      return { ok: false, headers: {}, body: new Uint8Array(), error: text };
    }
  }

  /** Aborts what is in flight (a destination that never answers must not hold up shutdown). */
  async close(): Promise<void> {
    const client = this.#client;
    if (client !== undefined) {
      await (await client).agent.destroy();
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return `${code === undefined ? "" : `${code} `}${error.message}${cause}`;
  }
  return String(error);
}

/** `content-type` → `Content-Type`, as the service shows response headers. */
function canonicalName(name: string): string {
  return name.replace(
    /(^|-)([a-z])/g,
    (_, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`,
  );
}
