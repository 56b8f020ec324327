/**
 * The HTTP/1.1 server over real sockets: framing, persistence, pipelining, streams and timeouts.
 * The handler echoes what it was given, so each test reads back what the server parsed.
 */
import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { afterEach, describe, test } from "vitest";
import type {
  Admission,
  EmulatorRequest,
  EmulatorRequestHead,
  EmulatorResponse,
} from "../types.ts";
import { type HttpLimits, HttpServer } from "./server.ts";

const encoder = new TextEncoder();

interface Echo {
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly host: string | undefined;
  /** In hex, so any bytes survive the JSON answer. */
  readonly body: string;
}

/**
 * `/stream`: three events then the end, or until the client leaves; `/throw` throws and `/reject`
 * rejects; anything else: an echo, given at once, or through a promise for paths under `/later`
 * (handlers may answer either way).
 */
function handler(request: EmulatorRequest): EmulatorResponse | Promise<EmulatorResponse> {
  if (request.path === "/stream") {
    const { signal } = request;
    async function* events(): AsyncIterable<Uint8Array> {
      for (let index = 0; index < 3; index++) {
        yield encoder.encode(`data: ${index}\n\n`);
      }
      if (request.rawQuery === "open") {
        await new Promise((resolve) => signal.addEventListener("abort", resolve));
        aborted.push(request.path);
      }
    }
    return { status: 200, headers: { "content-type": "text/event-stream" }, body: events() };
  }
  if (request.path === "/throw") {
    throw new Error("a bug in a route");
  }
  if (request.path === "/reject") {
    return Promise.reject(new Error("a bug in an async route"));
  }
  const echo: Echo = {
    method: request.method,
    path: request.path,
    rawQuery: request.rawQuery,
    host: request.headers.get("host"),
    body: Buffer.from(request.body).toString("hex"),
  };
  const response: EmulatorResponse = {
    status: 200,
    headers: { "content-type": "application/json" },
    body: encoder.encode(JSON.stringify(echo)),
  };
  return request.path.startsWith("/later") ? Promise.resolve(response) : response;
}

/** The echo's body limit; `/private/…` needs `authorization: yes`, judged from the head. */
const MAX_BODY_BYTES = 1000;

function admit(head: EmulatorRequestHead): Admission {
  if (head.path.startsWith("/private") && head.headers.get("authorization") !== "yes") {
    return { answer: { status: 401, headers: {}, body: '{"error":"unauthorized"}' } };
  }
  return {
    maxBodyBytes: MAX_BODY_BYTES,
    tooLarge: (receivedBytes) => ({
      status: 413,
      headers: {},
      body: JSON.stringify({ error: `too large: ${receivedBytes}` }),
    }),
    handle: handler,
  };
}

const aborted: string[] = [];
const errors: unknown[] = [];
let server: HttpServer | undefined;

async function start(limits?: Partial<HttpLimits>): Promise<number> {
  server = new HttpServer({
    service: { admit },
    onError: (error) => errors.push(error),
    ...(limits ? { limits } : {}),
  });
  const { port } = await server.listen(0, "127.0.0.1");
  return port;
}

afterEach(async () => {
  await server?.close();
  server = undefined;
  aborted.length = 0;
  errors.length = 0;
});

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Parses every complete response in `bytes` (content-length or chunked framing). */
function parseAnswers(bytes: Buffer): Answer[] {
  const answers: Answer[] = [];
  let at = 0;
  for (;;) {
    const headEnd = bytes.indexOf("\r\n\r\n", at);
    if (headEnd === -1) {
      return answers;
    }
    const [statusLine, ...lines] = bytes.toString("latin1", at, headEnd).split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine?.slice(9, 12));
    let bodyStart = headEnd + 4;
    if (status === 100) {
      at = bodyStart;
      continue;
    }
    if (headers["transfer-encoding"] === "chunked") {
      let body = "";
      for (;;) {
        const sizeEnd = bytes.indexOf("\r\n", bodyStart);
        if (sizeEnd === -1) {
          return answers;
        }
        const size = Number.parseInt(bytes.toString("latin1", bodyStart, sizeEnd), 16);
        body += bytes.toString("latin1", sizeEnd + 2, sizeEnd + 2 + size);
        bodyStart = sizeEnd + 2 + size + 2;
        if (size === 0 || bodyStart > bytes.length) {
          break;
        }
      }
      answers.push({ status, headers, body });
      at = bodyStart;
      continue;
    }
    const length = Number(headers["content-length"] ?? 0);
    if (bytes.length < bodyStart + length) {
      return answers;
    }
    answers.push({
      status,
      headers,
      body: bytes.toString("latin1", bodyStart, bodyStart + length),
    });
    at = bodyStart + length;
  }
}

/** Writes `pieces` one by one and reads until `count` answers have come or the socket closes. */
async function exchange(
  port: number,
  pieces: readonly string[],
  count: number,
): Promise<{ answers: Answer[]; closed: Promise<void>; socket: Socket }> {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  const received: Buffer[] = [];
  const closed = once(socket, "close").then(() => undefined);
  socket.on("error", () => undefined);
  const done = new Promise<void>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      if (parseAnswers(Buffer.concat(received)).length >= count) {
        resolve();
      }
    });
    void closed.then(resolve);
  });
  for (const piece of pieces) {
    socket.write(Buffer.from(piece, "latin1"));
    await new Promise((resolve) => setImmediate(resolve));
  }
  await done;
  return { answers: parseAnswers(Buffer.concat(received)), closed, socket };
}

/** Writes `text` and shuts the client's side at once; resolves with all the server sent. */
async function sendAndEnd(port: number, text: string): Promise<Buffer> {
  const socket = connect(port, "127.0.0.1");
  const received: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => received.push(chunk));
  socket.end(text);
  await once(socket, "close");
  return Buffer.concat(received);
}

function hex(text: string): string {
  return Buffer.from(text, "latin1").toString("hex");
}

function echoOf(answer: Answer | undefined): Echo {
  return JSON.parse(answer?.body ?? "null") as Echo;
}

describe("HttpServer", () => {
  test("answers pipelined requests in order on one connection, and keeps it open", async ({
    expect,
  }) => {
    const port = await start();
    const requests = ["/a", "/b?x=1", "/c"]
      .map((path) => `GET ${path} HTTP/1.1\r\nhost: h\r\n\r\n`)
      .join("");
    const { answers, socket } = await exchange(port, [requests], 3);
    expect(answers.map((answer) => echoOf(answer).path)).toEqual(["/a", "/b", "/c"]);
    expect(echoOf(answers[1]).rawQuery).toBe("x=1");
    expect(answers[0]?.headers).toMatchObject({
      "content-type": "application/json",
      connection: "keep-alive",
      "keep-alive": "timeout=5",
    });
    expect(answers[0]?.headers["date"]).toMatch(/GMT$/);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });

  test("keeps the order of answers given at once and through promises", async ({ expect }) => {
    const port = await start();
    const paths = ["/later/a", "/b", "/later/c", "/d", "/e"];
    const requests = paths.map((path) => `GET ${path} HTTP/1.1\r\nhost: h\r\n\r\n`).join("");
    const { answers, socket } = await exchange(port, [requests], paths.length);
    expect(answers.map((answer) => echoOf(answer).path)).toEqual(paths);
    socket.destroy();
  });

  test("answers 5,000 pipelined requests sent in one write, in order", async ({ expect }) => {
    // Answers given at once are followed by the next request in a loop, not a recursion: this
    // many would overflow the stack.
    const port = await start();
    const count = 5000;
    const requests = Array.from(
      { length: count },
      (_, index) => `GET /${index} HTTP/1.1\r\nhost: h\r\n\r\n`,
    ).join("");
    const { answers, socket } = await exchange(port, [requests], count);
    expect(answers).toHaveLength(count);
    expect(answers.every((answer, index) => echoOf(answer).path === `/${index}`)).toBe(true);
    expect(errors).toEqual([]);
    socket.destroy();
  });

  test("reads a request sent a byte at a time", async ({ expect }) => {
    const port = await start();
    const request = "POST /set HTTP/1.1\r\nhost: h\r\ncontent-length: 5\r\n\r\nhello";
    const { answers } = await exchange(port, [...request], 1);
    expect(echoOf(answers[0])).toMatchObject({ method: "POST", body: hex("hello") });
  });

  test("decodes a chunked body and answers 100-continue first", async ({ expect }) => {
    const port = await start();
    const head =
      "PUT /x HTTP/1.1\r\nhost: h\r\ntransfer-encoding: chunked\r\nexpect: 100-continue\r\n\r\n";
    const { answers } = await exchange(port, [head, "3\r\nabc\r\n", "2\r\nde\r\n0\r\n\r\n"], 1);
    expect(echoOf(answers[0]).body).toBe(hex("abcde"));
  });

  test("keeps binary bodies byte for byte", async ({ expect }) => {
    const port = await start();
    const body = "\u0000\u00ff\r\n\u0080";
    const { answers } = await exchange(
      port,
      [`POST / HTTP/1.1\r\nhost: h\r\ncontent-length: ${body.length}\r\n\r\n${body}`],
      1,
    );
    expect(echoOf(answers[0]).body).toBe(hex(body));
  });

  test("closes after `connection: close` and after HTTP/1.0 requests", async ({ expect }) => {
    const port = await start();
    const closing = await exchange(
      port,
      ["GET /a HTTP/1.1\r\nhost: h\r\nconnection: close\r\n\r\n"],
      2,
    );
    expect(closing.answers).toHaveLength(1);
    expect(closing.answers[0]?.headers["connection"]).toBe("close");
    await closing.closed;
    const old = await exchange(port, ["GET /a HTTP/1.0\r\n\r\n"], 2);
    expect(echoOf(old.answers[0]).host).toBeUndefined();
    await old.closed;
  });

  test("answers every request sent before the client shut its side", async ({ expect }) => {
    const port = await start();
    const bytes = await sendAndEnd(
      port,
      "GET /a HTTP/1.1\r\nhost: h\r\n\r\nGET /b HTTP/1.1\r\nhost: h\r\n\r\n",
    );
    expect(parseAnswers(bytes).map((answer) => echoOf(answer).path)).toEqual(["/a", "/b"]);
  });

  test("answers HEAD with the headers alone", async ({ expect }) => {
    const port = await start();
    const bytes = await sendAndEnd(port, "HEAD /a HTTP/1.1\r\nhost: h\r\n\r\n");
    // The length its GET would have, and not one byte of body.
    expect(bytes.toString("latin1")).toMatch(/\r\ncontent-length: [1-9]\d*\r\n/);
    expect(bytes.indexOf("\r\n\r\n") + 4).toBe(bytes.length);
  });

  test("streams in chunks, and the connection serves the next request after the stream", async ({
    expect,
  }) => {
    const port = await start();
    const { answers, socket } = await exchange(
      port,
      ["GET /stream HTTP/1.1\r\nhost: h\r\n\r\nGET /after HTTP/1.1\r\nhost: h\r\n\r\n"],
      2,
    );
    expect(answers[0]?.headers["transfer-encoding"]).toBe("chunked");
    expect(answers[0]?.body).toBe("data: 0\n\ndata: 1\n\ndata: 2\n\n");
    expect(echoOf(answers[1]).path).toBe("/after");
    socket.destroy();
  });

  test("a client that leaves aborts its stream", async ({ expect }) => {
    const port = await start();
    const socket = connect(port, "127.0.0.1");
    socket.write("GET /stream?open HTTP/1.1\r\nhost: h\r\n\r\n");
    await once(socket, "data");
    socket.destroy();
    await expect.poll(() => aborted).toEqual(["/stream"]);
  });

  test.for<[string, string, number, string]>([
    ["garbage", "GARBAGE\r\n\r\n", 400, "malformed HTTP request"],
    ["HTTP/1.1 without host", "GET / HTTP/1.1\r\n\r\n", 400, "no host header"],
    ["oversized head", `GET / HTTP/1.1\r\nx-big: ${"a".repeat(20_000)}\r\n\r\n`, 431, "too large"],
    [
      "bad chunk size",
      "POST / HTTP/1.1\r\nhost: h\r\ntransfer-encoding: chunked\r\n\r\nZZ\r\n",
      400,
      "chunk size",
    ],
  ])(
    "refuses a request with %s: a JSON error, then the connection closes",
    async ([, request, status, text], { expect }) => {
      const port = await start();
      const { answers, closed } = await exchange(port, [request], 2);
      await closed;
      expect(answers).toHaveLength(1);
      expect(answers[0]?.status).toBe(status);
      expect(answers[0]?.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(answers[0]?.body ?? "").error).toContain(text);
    },
  );

  test.for(["/throw", "/reject"])(
    "a route that fails (%s) is logged and answered 500, and the server goes on",
    async (path, { expect }) => {
      const port = await start();
      const { answers } = await exchange(port, [`GET ${path} HTTP/1.1\r\nhost: h\r\n\r\n`], 1);
      expect(answers[0]?.status).toBe(500);
      expect(errors).toHaveLength(1);
      const next = await exchange(port, ["GET /ok HTTP/1.1\r\nhost: h\r\n\r\n"], 1);
      expect(next.answers[0]?.status).toBe(200);
      next.socket.destroy();
    },
  );

  test("answers 408 to a head that does not arrive in time, and closes idle connections", async ({
    expect,
  }) => {
    const port = await start({ headersTimeoutMs: 50, keepAliveTimeoutMs: 50 });
    const slow = await exchange(port, ["GET / HTTP/1.1\r\n"], 2);
    await slow.closed;
    expect(slow.answers.map((answer) => answer.status)).toEqual([408]);
    const idle = await exchange(port, ["GET / HTTP/1.1\r\nhost: h\r\n\r\n"], 2);
    await idle.closed;
    expect(idle.answers.map((answer) => answer.status)).toEqual([200]);
  });

  test("answers from the head without waiting for a body it refuses, however large", async ({
    expect,
  }) => {
    const port = await start();
    // 5 GiB declared and none sent: the answer cannot wait for the body.
    const { answers, closed } = await exchange(
      port,
      ["POST /private HTTP/1.1\r\nhost: h\r\ncontent-length: 5368709120\r\n\r\nabc"],
      1,
    );
    expect(answers.map((answer) => [answer.status, answer.headers["connection"]])).toEqual([
      [401, "close"],
    ]);
    await closed;
  });

  test("drops a small refused body and serves the next request on the connection", async ({
    expect,
  }) => {
    const port = await start();
    const { answers, socket } = await exchange(
      port,
      [
        "POST /private HTTP/1.1\r\nhost: h\r\ncontent-length: 11\r\n\r\nhello",
        " world",
        "POST /next HTTP/1.1\r\nhost: h\r\ncontent-length: 2\r\n\r\nok",
      ],
      2,
    );
    expect(answers.map((answer) => answer.status)).toEqual([401, 200]);
    expect(echoOf(answers[1])).toMatchObject({ path: "/next", body: hex("ok") });
    socket.destroy();
  });

  test("serves requests pipelined behind one answered from its head, in the same read", async ({
    expect,
  }) => {
    const port = await start();
    const { answers, socket } = await exchange(
      port,
      [
        "GET /private HTTP/1.1\r\nhost: h\r\n\r\n" +
          "POST /private HTTP/1.1\r\nhost: h\r\ncontent-length: 3\r\n\r\nabc" +
          "GET /next HTTP/1.1\r\nhost: h\r\n\r\n",
      ],
      3,
    );
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 200]);
    expect(echoOf(answers[2]).path).toBe("/next");
    socket.destroy();
  });

  test("refuses a declared body over the limit at once, and closes", async ({ expect }) => {
    const port = await start();
    const { answers, closed } = await exchange(
      port,
      [
        `POST /private HTTP/1.1\r\nhost: h\r\nauthorization: yes\r\ncontent-length: ${MAX_BODY_BYTES + 1}\r\n\r\n`,
      ],
      1,
    );
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [413, JSON.stringify({ error: `too large: ${MAX_BODY_BYTES + 1}` })],
    ]);
    await closed;
  });

  test("stops reading a chunked body as soon as it passes the limit", async ({ expect }) => {
    const port = await start();
    const chunk = (size: number): string => `${size.toString(16)}\r\n${"x".repeat(size)}\r\n`;
    // No last chunk: the answer comes while the body is still open.
    const { answers, closed } = await exchange(
      port,
      [
        "POST /echo HTTP/1.1\r\nhost: h\r\ntransfer-encoding: chunked\r\n\r\n",
        chunk(600),
        chunk(600),
      ],
      1,
    );
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [413, JSON.stringify({ error: "too large: 1200" })],
    ]);
    await closed;
  });

  test("reads a chunked body up to the limit", async ({ expect }) => {
    const port = await start();
    const { answers, socket } = await exchange(
      port,
      [
        `POST /echo HTTP/1.1\r\nhost: h\r\ntransfer-encoding: chunked\r\n\r\n${(MAX_BODY_BYTES).toString(16)}\r\n${"y".repeat(MAX_BODY_BYTES)}\r\n0\r\n\r\n`,
      ],
      1,
    );
    expect(echoOf(answers[0]).body).toBe(hex("y".repeat(MAX_BODY_BYTES)));
    socket.destroy();
  });

  test("a client that waits for 100 Continue gets the refusal instead, and the connection closes", async ({
    expect,
  }) => {
    const port = await start();
    const { answers, closed } = await exchange(
      port,
      ["POST /private HTTP/1.1\r\nhost: h\r\nexpect: 100-continue\r\ncontent-length: 5\r\n\r\n"],
      1,
    );
    expect(answers.map((answer) => answer.status)).toEqual([401]);
    await closed;
  });

  test("close() ends open streams and stops listening", async ({ expect }) => {
    const port = await start();
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => undefined);
    socket.write("GET /stream?open HTTP/1.1\r\nhost: h\r\n\r\n");
    await once(socket, "data");
    await server?.close();
    server = undefined;
    await expect.poll(() => aborted).toEqual(["/stream"]);
    const refused = connect(port, "127.0.0.1");
    const [error] = (await once(refused, "error")) as [NodeJS.ErrnoException];
    expect(error.code).toBe("ECONNREFUSED");
  });
});
