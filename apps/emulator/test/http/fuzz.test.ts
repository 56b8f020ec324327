/**
 * Fuzzing the HTTP layer (kv-rest-wire.md §5.1, §8, §16): random and malformed methods, paths,
 * headers and bodies, 50 at a time, must never get a 5xx, crash the server or come back without a
 * JSON body. Seeded, so a failure names the request that reproduces it.
 */
import { connect } from "node:net";
import { describe, test } from "vitest";
import { type FuzzRequest, fuzzRequest, rawMalformedRequests } from "./fixtures/fuzz-requests.ts";
import { RawHttpConnection } from "./fixtures/raw-http.ts";
import { command, startEmulator, type TestEmulator } from "./fixtures/transports.ts";

const SEED = 20_260_101;
/** The full run over the socket, and a smaller one in-process (slower per request, same code). */
const SOCKET_REQUESTS = 100_000;
const IN_PROCESS_REQUESTS = 10_000;
const CONCURRENCY = 50;
/** Small, so the fuzz reaches the 413 path too. */
const MAX_REQUEST_BYTES = 16 * 1024;

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly body: Uint8Array;
}

const decoder = new TextDecoder();

/** Why `answer` breaks the contract for `request`, or undefined when it is fine. */
function violation(request: FuzzRequest, answer: Answer): string | undefined {
  const { status, contentType, body } = answer;
  if (!((status >= 200 && status < 300) || (status >= 400 && status < 500))) {
    return `status ${status}`;
  }
  if (request.method === "HEAD") {
    return body.byteLength === 0 ? undefined : "a HEAD answer has a body";
  }
  if (contentType === "text/event-stream") {
    const text = decoder.decode(body);
    return status === 200 && text.startsWith("data: ") ? undefined : `bad stream start ${text}`;
  }
  if (contentType === "application/octet-stream") {
    return request.asksResp2 && body.byteLength > 0 ? undefined : "unrequested or empty resp2";
  }
  if (contentType !== "application/json") {
    return `content type ${contentType}`;
  }
  let json: unknown;
  try {
    json = JSON.parse(decoder.decode(body));
  } catch {
    return `not JSON: ${decoder.decode(body.subarray(0, 200))}`;
  }
  if (status >= 400) {
    return typeof (json as { error?: unknown }).error === "string" ? undefined : "no error text";
  }
  const entries = Array.isArray(json) ? json : [json];
  for (const entry of entries) {
    const keys = Object.keys(entry as object);
    if (keys.length !== 1 || !(keys[0] === "result" || keys[0] === "error")) {
      return `bad entry ${JSON.stringify(entry)}`;
    }
  }
  return undefined;
}

/** Runs `count` requests through `send`, `CONCURRENCY` at a time; collects contract breaches. */
async function fuzz(
  count: number,
  sender: () => { send: (request: FuzzRequest) => Promise<Answer>; close: () => void },
): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  async function worker(): Promise<void> {
    const { send, close } = sender();
    try {
      await work(send);
    } finally {
      close();
    }
  }
  async function work(send: (request: FuzzRequest) => Promise<Answer>): Promise<void> {
    while (next < count && failures.length < 20) {
      const index = next++;
      const request = fuzzRequest(SEED, index);
      try {
        const problem = violation(request, await send(request));
        if (problem !== undefined) {
          failures.push(`#${index} ${request.method} ${request.target.slice(0, 200)}: ${problem}`);
        }
      } catch (error: unknown) {
        failures.push(
          `#${index} ${request.method} ${request.target.slice(0, 200)}: ${String(error)}`,
        );
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failures;
}

/** Over raw keep-alive sockets, one per worker (see `fixtures/raw-http.ts`). */
function sendOverSocket(connection: RawHttpConnection): (request: FuzzRequest) => Promise<Answer> {
  return async (request) => {
    const answer = await connection.send(request);
    return {
      status: answer.status,
      contentType: answer.headers["content-type"] ?? "",
      body: answer.body,
    };
  };
}

function sendInProcess(server: TestEmulator): (request: FuzzRequest) => Promise<Answer> {
  return async (fuzzed) => {
    const abort = new AbortController();
    const response = await server.fetch(`${server.url}${fuzzed.target}`, {
      method: fuzzed.method,
      headers: fuzzed.headers,
      ...(fuzzed.body === undefined ? {} : { body: fuzzed.body }),
      signal: abort.signal,
    });
    const contentType = response.headers.get("content-type") ?? "";
    if (contentType === "text/event-stream") {
      const reader = response.body?.getReader();
      const first = await reader?.read();
      abort.abort();
      return { status: response.status, contentType, body: first?.value ?? new Uint8Array(0) };
    }
    return {
      status: response.status,
      contentType,
      body: new Uint8Array(await response.arrayBuffer()),
    };
  };
}

/** Sends raw bytes and reads until the server closes: the whole answer, possibly empty. */
function sendRaw(server: TestEmulator, bytes: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.on("error", reject);
  });
}

describe("fuzz", () => {
  test(`${SOCKET_REQUESTS} random requests over a socket: no 5xx, always JSON`, {
    timeout: 120_000,
  }, async ({ expect }) => {
    await using server = await startEmulator("socket", { maxRequestBytes: MAX_REQUEST_BYTES });
    const failures = await fuzz(SOCKET_REQUESTS, () => {
      const connection = new RawHttpConnection(server.url);
      return { send: sendOverSocket(connection), close: () => connection.close() };
    });
    expect(failures).toEqual([]);
    // The server still serves
    expect((await command(server, ["PING"])).json()).toEqual({ result: "PONG" });
  });

  test(`${IN_PROCESS_REQUESTS} random requests in-process: no 5xx, always JSON`, {
    timeout: 60_000,
  }, async ({ expect }) => {
    await using server = await startEmulator("in-process", { maxRequestBytes: MAX_REQUEST_BYTES });
    const failures = await fuzz(IN_PROCESS_REQUESTS, () => ({
      send: sendInProcess(server),
      close: () => undefined,
    }));
    expect(failures).toEqual([]);
    expect((await command(server, ["PING"])).json()).toEqual({ result: "PONG" });
  });

  test.for(rawMalformedRequests())(
    "broken HTTP framing: $name",
    async ({ bytes, isComplete }, { expect }) => {
      await using server = await startEmulator("socket");
      const answer = await sendRaw(server, bytes);
      if (!isComplete && answer === "") {
        return;
      }
      // Then one HTTP answer, 2xx or 4xx, with a JSON body
      const [head = "", body = ""] = answer.split("\r\n\r\n");
      const status = Number(head.slice(9, 12));
      expect(status === 200 || (status >= 400 && status < 500), head).toBe(true);
      expect(head.toLowerCase()).toContain("content-type: application/json");
      expect(() => JSON.parse(body)).not.toThrow();
    },
  );
});
