/**
 * One HTTP/1.1 connection: reads requests off the socket one at a time (pipelined requests wait
 * their turn, so answers keep their order), hands each to the handler, and writes the answer:
 * bytes with a `content-length`, or a stream in chunks (RFC 9112 §7.1) flushed one by one.
 */
import type { Socket } from "node:net";
import { byteLength, isWholeBody } from "../body.ts";
import { errorBody } from "../http-error.ts";
import type { EmulatorResponse, RequestHandler } from "../types.ts";
import { ChunkedBodyDecoder } from "./chunked.ts";
import { LazyAbort, ServerRequest } from "./request.ts";
import { parseRequestHead, type RequestHead, RequestHeadError } from "./request-head.ts";
import { formatResponseHead, type ResponseFraming } from "./response-head.ts";

export interface HttpLimits {
  /** Request line and headers. @default 16 KiB, as node:http */
  readonly maxHeadBytes: number;
  /** From a request's first byte to the end of its head. @default 60 s, as node:http */
  readonly headersTimeoutMs: number;
  /** From a request's first byte to the end of its body. @default 300 s, as node:http */
  readonly requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. @default 5 s, as node:http */
  readonly keepAliveTimeoutMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxHeadBytes: 16 * 1024,
  headersTimeoutMs: 60_000,
  requestTimeoutMs: 300_000,
  keepAliveTimeoutMs: 5000,
};

export interface ConnectionOptions {
  readonly handler: RequestHandler;
  readonly onError: (error: unknown) => void;
  readonly limits: HttpLimits;
  /** Fields every response carries besides the route's. */
  readonly serverHeaders: Readonly<Record<string, string>>;
  readonly onClose: (connection: HttpConnection) => void;
}

/**
 * `head`: waiting for (the rest of) a request head; `body`: for its body; `busy`: the handler or
 * the answer is in progress; `closing`: no more requests are read.
 */
type State = "head" | "body" | "busy" | "closing";

const EMPTY = Buffer.alloc(0);
const HEAD_END = Buffer.from("\r\n\r\n");
const CRLF = "\r\n";
const CONTINUE = Buffer.from("HTTP/1.1 100 Continue\r\n\r\n");
const LAST_CHUNK = Buffer.from("0\r\n\r\n");
/** Pipelined bytes buffered while a request runs, before the socket is paused. */
const MAX_BUFFERED_WHILE_BUSY = 1024 * 1024;
/** Answers up to this size go out as one buffer (one syscall, no writev). */
const COPY_BODY_BELOW = 16 * 1024;

export class HttpConnection {
  readonly #socket: Socket;
  readonly #options: ConnectionOptions;
  /** Bytes received and not yet parsed, in arrival order. */
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Where to resume looking for the end of the head, so a slow head is not rescanned. */
  #scanFrom = 0;
  #state: State = "head";
  #head: RequestHead | undefined;
  #chunked: ChunkedBodyDecoder | undefined;
  #isContinueSent = false;
  /** When the current request's first byte arrived (ms), or 0 between requests. */
  #requestStartedAt = 0;
  #idleSince = Date.now();
  #abort: LazyAbort | undefined;
  /** Whether any byte of the current answer has been written. */
  #isAnswerStarted = false;
  /** The peer finished sending: answer what was read, then close. */
  #isPeerDone = false;
  /** `#advance` is on the stack: an answer given at once leaves the next request to its loop. */
  #isAdvancing = false;
  #remoteAddress: string | undefined;

  constructor(socket: Socket, options: ConnectionOptions) {
    this.#socket = socket;
    this.#options = options;
    socket.on("data", (chunk: Buffer) => this.#onData(chunk));
    socket.on("end", () => this.#onEnd());
    socket.on("error", () => {
      // A reset by the peer: `close` follows and cleans up.
    });
    socket.on("close", () => {
      this.#state = "closing";
      this.#abort?.abort();
      this.#options.onClose(this);
    });
  }

  /** Closes the connection if a timeout of `limits` has passed (called about once a second). */
  sweep(nowMs: number): void {
    const { limits } = this.#options;
    if (this.#state === "head" && this.#requestStartedAt === 0) {
      if (nowMs - this.#idleSince > limits.keepAliveTimeoutMs) {
        this.#socket.destroy();
      }
      return;
    }
    const timeoutMs =
      this.#state === "head"
        ? limits.headersTimeoutMs
        : this.#state === "body"
          ? limits.requestTimeoutMs
          : Number.POSITIVE_INFINITY;
    if (nowMs - this.#requestStartedAt > timeoutMs) {
      this.#fail(408, "ERR request timed out");
    }
  }

  destroy(): void {
    this.#socket.destroy();
  }

  #onData(chunk: Buffer): void {
    if (this.#state === "closing") {
      // No more requests are read: what the client still sends is dropped, not buffered.
      return;
    }
    this.#pending.push(chunk);
    this.#pendingBytes += chunk.length;
    if (this.#state === "busy") {
      if (this.#pendingBytes > MAX_BUFFERED_WHILE_BUSY) {
        this.#socket.pause();
      }
      return;
    }
    this.#advance();
  }

  #onEnd(): void {
    this.#isPeerDone = true;
    // A stream's reader is gone (SSE clients leave by closing); a plain answer is still written.
    this.#abort?.abort();
    if (this.#state !== "busy") {
      // Between requests, or in the middle of one that can no longer complete.
      this.#state = "closing";
      this.#socket.end();
    }
  }

  /** Reads and runs requests until the buffered bytes run out or one is waiting for its answer. */
  #advance(): void {
    this.#isAdvancing = true;
    try {
      this.#runBuffered();
    } catch (error: unknown) {
      if (!(error instanceof RequestHeadError)) {
        throw error;
      }
      this.#fail(error.status, error.message);
    } finally {
      this.#isAdvancing = false;
    }
    if (this.#isPeerDone && (this.#state === "head" || this.#state === "body")) {
      // Every complete request the peer sent before it finished has been answered.
      this.#state = "closing";
      this.#socket.end();
    }
  }

  /**
   * A loop, not a recursion through `#finish`: requests answered at once, pipelined by the
   * thousand, must not grow the stack.
   */
  #runBuffered(): void {
    while (this.#state === "head" || this.#state === "body") {
      if (this.#state === "head" && !this.#readHead()) {
        return;
      }
      const body = this.#readBody(this.#head as RequestHead);
      if (body === undefined) {
        return;
      }
      this.#run(this.#head as RequestHead, body);
    }
  }

  /** True once a head is parsed into `#head`. */
  #readHead(): boolean {
    if (this.#pendingBytes === 0) {
      return false;
    }
    const buffer = this.#contiguous();
    if (this.#requestStartedAt === 0) {
      this.#requestStartedAt = Date.now();
      // RFC 9112 §2.2: empty lines before a request line are ignored.
      let start = 0;
      while (buffer[start] === 0x0d && buffer[start + 1] === 0x0a) {
        start += 2;
      }
      if (start > 0) {
        this.#consume(start);
        return this.#readHead();
      }
    }
    const end = buffer.indexOf(HEAD_END, this.#scanFrom);
    const { maxHeadBytes } = this.#options.limits;
    if (end === -1 || end > maxHeadBytes) {
      if (end > maxHeadBytes || buffer.length > maxHeadBytes) {
        throw new RequestHeadError(431, "ERR request headers too large");
      }
      this.#scanFrom = Math.max(0, buffer.length - 3);
      return false;
    }
    const head = parseRequestHead(buffer, 0, end);
    if (head.minorVersion === 1 && head.headers.get("host") === undefined) {
      // RFC 9112 §3.2: an HTTP/1.1 request without Host must be refused.
      throw new RequestHeadError(400, "ERR malformed HTTP request: no host header");
    }
    this.#consume(end + HEAD_END.length);
    this.#scanFrom = 0;
    this.#head = head;
    this.#chunked = head.framing.kind === "chunked" ? new ChunkedBodyDecoder() : undefined;
    this.#isContinueSent = false;
    this.#state = "body";
    return true;
  }

  /** The whole body once it has arrived, else undefined. */
  #readBody(head: RequestHead): Buffer | undefined {
    const decoder = this.#chunked;
    if (decoder !== undefined) {
      while (this.#pending.length > 0) {
        const chunk = this.#pending[0] as Buffer;
        const end = decoder.push(chunk, 0);
        if (end !== -1) {
          this.#consume(end);
          return decoder.body();
        }
        this.#pending.shift();
        this.#pendingBytes -= chunk.length;
      }
      this.#sendContinue(head);
      return undefined;
    }
    const { length } = head.framing as { length: number };
    if (length === 0) {
      return EMPTY;
    }
    if (this.#pendingBytes < length) {
      this.#sendContinue(head);
      return undefined;
    }
    const body = this.#contiguous().subarray(0, length);
    this.#consume(length);
    return body;
  }

  /** RFC 9110 §10.1.1: the client waits for this before it sends the body it announced. */
  #sendContinue(head: RequestHead): void {
    if (head.expectsContinue && !this.#isContinueSent && head.minorVersion === 1) {
      this.#isContinueSent = true;
      this.#socket.write(CONTINUE);
    }
  }

  #run(head: RequestHead, body: Buffer): void {
    this.#state = "busy";
    this.#requestStartedAt = 0;
    this.#isAnswerStarted = false;
    const abort = new LazyAbort();
    this.#abort = abort;
    let answer: EmulatorResponse | Promise<EmulatorResponse>;
    try {
      answer = this.#options.handler(new ServerRequest(head, body, { abort, peer: this }));
    } catch (error: unknown) {
      this.#internalError(error);
      return;
    }
    if (answer instanceof Promise) {
      answer.then(
        (response) => this.#respond(head, response),
        (error: unknown) => this.#internalError(error),
      );
    } else {
      this.#respond(head, answer);
    }
  }

  /** `ip:port` of the client, for MONITOR lines. */
  get remoteAddress(): string {
    this.#remoteAddress ??= `${this.#socket.remoteAddress ?? "0.0.0.0"}:${this.#socket.remotePort ?? 0}`;
    return this.#remoteAddress;
  }

  /**
   * Writes the answer, then reads the next request. Bytes are written at once (no promise in
   * between: most answers are small, and each microtask shows in the cost of a request).
   */
  #respond(head: RequestHead, response: EmulatorResponse): void {
    const { body } = response;
    if (!isWholeBody(body)) {
      this.#stream(head, response, body).then(
        (keepAlive) => this.#finish(keepAlive),
        (error: unknown) => this.#internalError(error),
      );
      return;
    }
    if (this.#socket.destroyed) {
      return;
    }
    try {
      const responseHead = formatResponseHead({
        status: response.status,
        headers: response.headers,
        framing: { kind: "length", length: byteLength(body) },
        keepAlive: head.keepAlive,
        keepAliveSeconds: this.#keepAliveSeconds(),
        serverHeaders: this.#options.serverHeaders,
      });
      this.#isAnswerStarted = true;
      this.#writeAnswer(responseHead, head.method === "HEAD" ? EMPTY : body);
      this.#finish(head.keepAlive);
    } catch (error: unknown) {
      // A bug here or in reading the next request: this may run in a promise reaction, where an
      // escaping error would be an unhandled rejection.
      this.#internalError(error);
    }
  }

  /** Writes a streamed answer; resolves with whether the connection can take another request. */
  async #stream(
    head: RequestHead,
    response: EmulatorResponse,
    body: AsyncIterable<Uint8Array>,
  ): Promise<boolean> {
    const socket = this.#socket;
    if (socket.destroyed) {
      return false;
    }
    const framing: ResponseFraming =
      head.minorVersion === 1 ? { kind: "chunked" } : { kind: "close-delimited" };
    const streamKeepAlive = head.keepAlive && framing.kind === "chunked";
    const responseHead = formatResponseHead({
      status: response.status,
      headers: response.headers,
      framing,
      keepAlive: streamKeepAlive,
      keepAliveSeconds: this.#keepAliveSeconds(),
      serverHeaders: this.#options.serverHeaders,
    });
    this.#isAnswerStarted = true;
    socket.write(responseHead, "latin1");
    for await (const chunk of body) {
      if (socket.destroyed) {
        return false;
      }
      if (chunk.byteLength === 0) {
        continue;
      }
      const isFlowing = framing.kind === "chunked" ? this.#writeChunk(chunk) : socket.write(chunk);
      if (!isFlowing) {
        await drained(socket);
      }
    }
    if (framing.kind === "chunked" && !socket.destroyed) {
      socket.write(LAST_CHUNK);
    }
    return streamKeepAlive;
  }

  #writeAnswer(head: string, body: Uint8Array | string): void {
    const socket = this.#socket;
    if (typeof body === "string") {
      // One write straight from the strings: `formatResponseHead` writes ASCII only, which UTF-8
      // leaves as it is.
      socket.write(head + body, "utf8");
      return;
    }
    if (body.byteLength < COPY_BODY_BELOW) {
      const headLength = Buffer.byteLength(head, "latin1");
      const bytes = Buffer.allocUnsafe(headLength + body.byteLength);
      bytes.write(head, 0, headLength, "latin1");
      bytes.set(body, headLength);
      socket.write(bytes);
      return;
    }
    socket.cork();
    socket.write(head, "latin1");
    socket.write(body);
    socket.uncork();
  }

  /** One chunk in one write: size line, data and CRLF. */
  #writeChunk(chunk: Uint8Array): boolean {
    const socket = this.#socket;
    socket.cork();
    socket.write(`${chunk.byteLength.toString(16)}${CRLF}`, "latin1");
    socket.write(chunk);
    const isFlowing = socket.write(CRLF, "latin1");
    socket.uncork();
    return isFlowing;
  }

  #finish(keepAlive: boolean): void {
    this.#abort = undefined;
    this.#head = undefined;
    this.#chunked = undefined;
    if (this.#state === "closing" || this.#socket.destroyed) {
      return;
    }
    if (!keepAlive) {
      this.#state = "closing";
      this.#socket.end();
      return;
    }
    this.#state = "head";
    this.#idleSince = Date.now();
    if (this.#socket.isPaused()) {
      this.#socket.resume();
    }
    if (!this.#isAdvancing) {
      this.#advance();
    }
  }

  /** A bug in a route or a stream: logged; the client gets a 500 if nothing was written yet. */
  #internalError(error: unknown): void {
    this.#options.onError(error);
    const socket = this.#socket;
    if (socket.destroyed) {
      return;
    }
    if (this.#isAnswerStarted) {
      // Part of an answer may be out: the only safe ending is to close.
      socket.destroy();
      return;
    }
    this.#fail(500, "ERR internal emulator error");
  }

  /** Answers a request the server could not read (or a timeout) and closes the connection. */
  #fail(status: number, message: string): void {
    this.#state = "closing";
    this.#pending = [];
    this.#pendingBytes = 0;
    const socket = this.#socket;
    if (socket.destroyed || !socket.writable) {
      socket.destroy();
      return;
    }
    const body = errorBody(message);
    this.#writeAnswer(
      formatResponseHead({
        status,
        headers: { "content-type": "application/json" },
        framing: { kind: "length", length: byteLength(body) },
        keepAlive: false,
        keepAliveSeconds: 0,
        serverHeaders: this.#options.serverHeaders,
      }),
      body,
    );
    socket.end();
  }

  #keepAliveSeconds(): number {
    return Math.floor(this.#options.limits.keepAliveTimeoutMs / 1000);
  }

  /** All pending bytes as one buffer (joined once, then kept joined). */
  #contiguous(): Buffer {
    if (this.#pending.length !== 1) {
      this.#pending = [Buffer.concat(this.#pending, this.#pendingBytes)];
    }
    return this.#pending[0] as Buffer;
  }

  /** Drops the first `count` pending bytes. */
  #consume(count: number): void {
    const buffer = this.#contiguous();
    this.#pendingBytes -= count;
    this.#pending = this.#pendingBytes === 0 ? [] : [buffer.subarray(count)];
  }
}

/** Resolves when the socket can take more, or has closed. */
function drained(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      socket.off("drain", done);
      socket.off("close", done);
      resolve();
    };
    socket.on("drain", done);
    socket.on("close", done);
  });
}
