import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
import type { Duplex } from "node:stream";
import type { EmulatorRequest, RequestHandler } from "./types.ts";

/** Reads `IncomingMessage` directly: on Node 20 this is several times faster than Web `Request`. */
function readBody(message: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let ended = false;
    message.on("data", (chunk: Buffer) => chunks.push(chunk));
    message.on("end", () => {
      ended = true;
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    });
    message.on("error", reject);
    // A client that goes away mid-body. `close` also follows every complete request: build the
    // error only when it is needed, since capturing a stack costs more than a small command.
    message.on("close", () => {
      if (!ended) {
        reject(new Error("the request closed before its body ended"));
      }
    });
  });
}

/**
 * The path and query of the request target. Clients send the origin form (`/a?b`); the absolute
 * form (`http://host/a?b`, RFC 9112 §3.2.2) is accepted too, as servers must.
 */
function splitTarget(target: string): { path: string; rawQuery: string } {
  let pathAndQuery = target;
  if (!target.startsWith("/") && /^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      pathAndQuery = `${url.pathname}${url.search}`;
    } catch {
      // Not a URL after all: route it as it came, and let the route reject it.
    }
  }
  const queryStart = pathAndQuery.indexOf("?");
  return queryStart === -1
    ? { path: pathAndQuery, rawQuery: "" }
    : { path: pathAndQuery.slice(0, queryStart), rawQuery: pathAndQuery.slice(queryStart + 1) };
}

/** Header values as strings: node:http gives `set-cookie` as an array. */
function plainHeaders(message: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

/**
 * The client's going away, as an `AbortSignal` made on first use: only streams read it, and building
 * an `AbortController` for every request costs about as much as running a small command.
 */
class LazyAbort {
  #controller: AbortController | undefined;
  #aborted = false;

  get signal(): AbortSignal {
    this.#controller ??= new AbortController();
    if (this.#aborted) {
      this.#controller.abort();
    }
    return this.#controller.signal;
  }

  abort(): void {
    this.#aborted = true;
    this.#controller?.abort();
  }
}

/**
 * The plain request; `query`, `signal` and `remoteAddress` are built only when a route reads them.
 * A class, not an object literal with getters: V8 builds those several times slower, which showed
 * as a third of a small request's cost.
 */
class NodeRequest implements EmulatorRequest {
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: Uint8Array;
  readonly #message: IncomingMessage;
  readonly #abort: LazyAbort;
  #query: URLSearchParams | undefined;

  constructor(message: IncomingMessage, body: Uint8Array, abort: LazyAbort) {
    const { path, rawQuery } = splitTarget(message.url ?? "/");
    this.method = message.method ?? "GET";
    this.path = path;
    this.rawQuery = rawQuery;
    this.headers = plainHeaders(message);
    this.body = body;
    this.#message = message;
    this.#abort = abort;
  }

  get query(): URLSearchParams {
    this.#query ??= new URLSearchParams(this.rawQuery);
    return this.#query;
  }

  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  get remoteAddress(): string {
    const { socket } = this.#message;
    return `${socket.remoteAddress ?? "0.0.0.0"}:${socket.remotePort ?? 0}`;
  }
}

async function serve(
  handler: RequestHandler,
  message: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const abort = new LazyAbort();
  // Only a response cut short needs the abort (streams stop on it).
  response.on("close", () => {
    if (!response.writableFinished) {
      abort.abort();
    }
  });
  const body = await readBody(message);
  const result = await handler(new NodeRequest(message, body, abort));
  if (result.body instanceof Uint8Array) {
    // `writeHead` fixes the header block, so without a length node:http would chunk every answer.
    response.writeHead(result.status, {
      "content-length": String(result.body.byteLength),
      ...result.headers,
    });
    response.end(result.body);
    return;
  }
  response.writeHead(result.status, result.headers);
  // kv-rest-wire.md §11.1: the SDK resolves its subscribe call when the headers arrive, and every
  // event is written (flushed) as soon as it is produced.
  response.flushHeaders();
  for await (const chunk of result.body) {
    if (response.destroyed) {
      break;
    }
    response.write(chunk);
  }
  response.end();
}

function jsonBytes(status: number, message: string): { status: number; body: Buffer } {
  return { status, body: Buffer.from(JSON.stringify({ error: message })) };
}

/** node:http's default answers to unparsable requests have no body; ours are JSON (kv-rest-wire.md §5.1). */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // node:http's own clientError handler checks the same internal field before it writes.
  const response = Reflect.get(socket, "_httpMessage") as ServerResponse | undefined;
  if (error.code === "ECONNRESET" || !socket.writable || response?.headersSent === true) {
    socket.destroy();
    return;
  }
  const { status, body } =
    error.code === "HPE_HEADER_OVERFLOW"
      ? jsonBytes(431, "ERR request headers too large")
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? jsonBytes(408, "ERR request timed out")
        : jsonBytes(400, `ERR malformed HTTP request (${error.code ?? "parse error"})`);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n` +
      "content-type: application/json\r\n" +
      `content-length: ${body.byteLength}\r\n` +
      "connection: close\r\n\r\n" +
      body.toString(),
  );
}

/** A node:http server that hands every request to `handler`. */
export function createNodeServer(
  handler: RequestHandler,
  onError: (error: unknown) => void,
): Server {
  const server = createServer((message, response) => {
    serve(handler, message, response).catch((error: unknown) => {
      if (response.destroyed || message.socket.destroyed) {
        // The client went away mid-request (e.g. ECONNRESET while reading the body): not a bug.
        return;
      }
      onError(error);
      if (response.headersSent) {
        response.end();
        return;
      }
      const { status, body } = jsonBytes(500, "ERR internal emulator error");
      response.writeHead(status, { "content-type": "application/json" });
      response.end(body);
    });
  });
  server.on("clientError", answerClientError);
  return server;
}
