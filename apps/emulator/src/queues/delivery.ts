/**
 * One delivery attempt over real HTTP (undici), to any URL, `localhost` included (§4.1-§4.4): a
 * 2xx is success; another status, a refused connection or the timeout is a failure. The response
 * body is kept (up to a limit) for the log, the DLQ and callbacks.
 */
import type { Agent, Dispatcher } from "undici";

/** Response bodies kept for logs, the DLQ and callbacks (the plan's message size). */
const MAX_KEPT_BODY_BYTES = 1_048_576;
/** Distinct destination URLs whose parse is kept. */
const MAX_CACHED_TARGETS = 1024;
/** Header names seen in answers, canonicalised once. */
const canonicalNames = new Map<string, string>();

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
   * undici's agent, made at the first delivery: most processes (a test's emulator) never deliver,
   * and undici's import is a large part of the emulator's start-up.
   */
  #agent: Agent | undefined;
  #loading: Promise<Agent> | undefined;
  /** Destination URLs split into origin and path, reused: a queue delivers to few URLs often. */
  readonly #targets = new Map<string, { origin: string; path: string }>();

  /**
   * One request through undici's dispatcher with a handler that collects the answer: no response
   * stream or async iterator per attempt (most of the cost of `request()` at thousands a second).
   */
  attempt(attempt: AttemptRequest): Promise<AttemptOutcome> {
    const agent = this.#agent;
    return agent === undefined
      ? this.#loadAgent().then((loaded) => this.#dispatch(loaded, attempt))
      : this.#dispatch(agent, attempt);
  }

  #loadAgent(): Promise<Agent> {
    this.#loading ??= import("undici").then(({ Agent: AgentClass }) => {
      this.#agent = new AgentClass({ connections: 128, pipelining: 1, keepAliveTimeout: 4000 });
      return this.#agent;
    });
    return this.#loading;
  }

  #dispatch(agent: Agent, attempt: AttemptRequest): Promise<AttemptOutcome> {
    return new Promise((resolve) => {
      const fail = (error: unknown): void => resolve(failure(error, attempt.timeoutMs));
      let target: { origin: string; path: string };
      try {
        target = this.#target(attempt.url);
      } catch (error: unknown) {
        fail(error);
        return;
      }
      let status = 0;
      let headers: Record<string, string[]> = {};
      const chunks: Buffer[] = [];
      let kept = 0;
      // undici 7's agents take the callback form of a handler (its `request()` uses the same).
      const handler: Dispatcher.DispatchHandler = {
        onConnect: () => undefined,
        onHeaders: (statusCode, rawHeaders) => {
          status = statusCode;
          headers = canonicalHeaders(rawHeaders);
          return true;
        },
        onData: (chunk) => {
          if (kept < MAX_KEPT_BODY_BYTES) {
            chunks.push(chunk);
            kept += chunk.byteLength;
          }
          return true;
        },
        onComplete: () => {
          const ok = status >= 200 && status < 300;
          resolve({
            ok,
            status,
            headers,
            body:
              chunks.length === 1
                ? (chunks[0] as Buffer).subarray(0, MAX_KEPT_BODY_BYTES)
                : Buffer.concat(chunks).subarray(0, MAX_KEPT_BODY_BYTES),
            ...(ok ? {} : { error: `the destination answered ${status}` }),
          });
        },
        onError: (error) => fail(error),
      };
      try {
        agent.dispatch(
          {
            origin: target.origin,
            path: target.path,
            method: attempt.method as Dispatcher.HttpMethod,
            headers: attempt.headers,
            body: attempt.method === "GET" || attempt.method === "HEAD" ? null : attempt.body,
            // The attempt's timeout bounds the wait for the answer's head and each gap in its
            // body (undici's own timers; an AbortSignal per attempt costs a timer object each).
            headersTimeout: attempt.timeoutMs,
            bodyTimeout: attempt.timeoutMs,
          },
          handler,
        );
      } catch (error: unknown) {
        fail(error);
      }
    });
  }

  #target(url: string): { origin: string; path: string } {
    let target = this.#targets.get(url);
    if (target === undefined) {
      const parsed = new URL(url);
      target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
      if (this.#targets.size >= MAX_CACHED_TARGETS) {
        this.#targets.clear();
      }
      this.#targets.set(url, target);
    }
    return target;
  }

  /** Aborts what is in flight (a destination that never answers must not hold up shutdown). */
  async close(): Promise<void> {
    const agent = this.#agent ?? (await this.#loading);
    await agent?.destroy();
  }
}

function failure(error: unknown, timeoutMs: number): AttemptOutcome {
  const text =
    error instanceof Error &&
    (error.name === "TimeoutError" || error.name === "AbortError" || /timeout/i.test(error.name))
      ? `timeout after ${timeoutMs} ms`
      : `cannot reach the destination: ${describe(error)}`;
  return { ok: false, headers: {}, body: new Uint8Array(), error: text };
}

/** Raw `[name, value, name, value, …]` pairs as the service shows them: `{Name: [values]}`. */
function canonicalHeaders(raw: readonly Buffer[]): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = canonicalName(String(raw[index]).toLowerCase());
    const value = String(raw[index + 1]);
    const values = result[name];
    if (values === undefined) {
      result[name] = [value];
    } else {
      values.push(value);
    }
  }
  return result;
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
  let canonical = canonicalNames.get(name);
  if (canonical === undefined) {
    canonical = name.replace(
      /(^|-)([a-z])/g,
      (_, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`,
    );
    if (canonicalNames.size < MAX_CACHED_TARGETS) {
      canonicalNames.set(name, canonical);
    }
  }
  return canonical;
}
