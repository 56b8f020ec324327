/**
 * One HTTP/1.1 connection: reads requests off the socket one at a time (pipelined requests wait
 * their turn, so answers keep their order), and writes each answer: bytes with a
 * `content-length`, or a stream in chunks (RFC 9112 §7.1) flushed one by one.
 *
 * A request is judged from its head before its body is read (`HttpService.admit`): an answer from
 * the head (a bad token, say) is written without buffering the body, and a body is never read past
 * its route's limit, declared or chunked.
 */
import type { Socket } from "node:net";
import { byteLength, isWholeBody } from "../body.ts";
import { errorBody, knownError } from "../http-error.ts";
import type { AdmittedRequest, EmulatorResponse, HttpService } from "../types.ts";
import { BodyTooLargeError, ChunkedBodyDecoder } from "./chunked.ts";
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
  readonly service: HttpService;
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
/**
 * A body refused from the head is read and dropped, keeping the connection, when it declares at
 * most this much; a larger or chunked one ends the connection after the answer.
 */
const DISCARD_BODY_UP_TO = 64 * 1024;

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
  /** The current request, built from its head; its body is set once read. */
  #request: ServerRequest | undefined;
  /** What the service said of the current request's head. */
  #admitted: AdmittedRequest | undefined;
  #chunked: ChunkedBodyDecoder | undefined;
  /** Bytes of a refused request's body still to drop before the next head. */
  #discardBytes = 0;
  /** When the connection stopped taking requests (ms), or 0: it is destroyed after a grace time. */
  #closingSince = 0;
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
    if (this.#state === "closing") {
      // A peer that goes on sending after its answer (a refused body) is read and dropped for a
      // while, so that it reads the answer instead of a reset, then cut off.
      if (this.#closingSince !== 0 && nowMs - this.#closingSince > limits.keepAliveTimeoutMs) {
        this.#socket.destroy();
      }
      return;
    }
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
      this.#close();
    }
  }

  /** Takes no more requests: drops what is buffered and ends our side once the answer is out. */
  #close(): void {
    this.#state = "closing";
    this.#closingSince = Date.now();
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#socket.end();
  }

  /** Reads and runs requests until the buffered bytes run out or one is waiting for its answer. */
  #advance(): void {
    this.#isAdvancing = true;
    try {
      this.#runBuffered();
    } catch (error: unknown) {
      if (error instanceof BodyTooLargeError && this.#admitted !== undefined) {
        this.#answerAndClose(this.#admitted.tooLarge(error.receivedBytes));
      } else if (error instanceof RequestHeadError) {
        this.#fail(error.status, error.message);
      } else {
        throw error;
      }
    } finally {
      this.#isAdvancing = false;
    }
    if (this.#isPeerDone && (this.#state === "head" || this.#state === "body")) {
      // Every complete request the peer sent before it finished has been answered.
      this.#close();
    }
  }

  /**
   * A loop, not a recursion through `#finish`: requests answered at once, pipelined by the
   * thousand, must not grow the stack.
   */
  #runBuffered(): void {
    while (this.#state === "head" || this.#state === "body") {
      if (this.#state === "head") {
        if (!(this.#dropDiscarded() && this.#readHead())) {
          return;
        }
        if (!this.#admit()) {
          // Answered from its head: the next request may already be buffered behind it.
          continue;
        }
      }
      const body = this.#readBody(this.#head as RequestHead);
      if (body === undefined) {
        return;
      }
      this.#run(this.#head as RequestHead, body);
    }
  }

  /** True once the body of a request answered from its head has been dropped. */
  #dropDiscarded(): boolean {
    if (this.#discardBytes === 0) {
      return true;
    }
    const dropped = Math.min(this.#discardBytes, this.#pendingBytes);
    if (dropped > 0) {
      this.#consume(dropped);
      this.#discardBytes -= dropped;
    }
    return this.#discardBytes === 0;
  }

  /**
   * Hands the head to the service. True when the body is to be read (state `body`); false when
   * the request was answered from its head, refused for its declared size, or the service failed.
   */
  #admit(): boolean {
    const head = this.#head as RequestHead;
    const abort = new LazyAbort();
    this.#abort = abort;
    const request = new ServerRequest(head, { abort, peer: this });
    this.#request = request;
    let admission: ReturnType<HttpService["admit"]>;
    try {
      admission = this.#options.service.admit(request);
    } catch (error: unknown) {
      this.#state = "busy";
      this.#internalError(error);
      return false;
    }
    if ("answer" in admission) {
      this.#answerFromHead(head, admission.answer);
      return false;
    }
    const { framing } = head;
    if (framing.kind === "length" && framing.length > admission.maxBodyBytes) {
      this.#answerAndClose(admission.tooLarge(framing.length));
      return false;
    }
    this.#admitted = admission;
    this.#chunked =
      framing.kind === "chunked" ? new ChunkedBodyDecoder(admission.maxBodyBytes) : undefined;
    return true;
  }

  /**
   * A request answered without its body: a small declared body is dropped as it arrives and the
   * connection goes on; otherwise it closes after the answer (RFC 9112 §9.6), since reading the
   * rest would cost what the answer refused. A client that awaits `100 Continue` may never send
   * its body, so that connection closes too.
   */
  #answerFromHead(head: RequestHead, response: EmulatorResponse): void {
    const { framing } = head;
    const isDroppable =
      head.keepAlive &&
      !head.expectsContinue &&
      framing.kind === "length" &&
      framing.length <= DISCARD_BODY_UP_TO;
    if (!isDroppable) {
      this.#answerAndClose(response);
      return;
    }
    this.#discardBytes = (framing as { length: number }).length;
    this.#state = "busy";
    this.#requestStartedAt = 0;
    this.#respond(head, response);
  }

  /** Answers the current request and closes: its body is not read. */
  #answerAndClose(response: EmulatorResponse): void {
    this.#state = "busy";
    this.#requestStartedAt = 0;
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#respond(this.#head as RequestHead, response, false);
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
    const request = this.#request as ServerRequest;
    request.body = body;
    let answer: EmulatorResponse | Promise<EmulatorResponse>;
    try {
      answer = (this.#admitted as AdmittedRequest).handle(request);
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
  #respond(head: RequestHead, response: EmulatorResponse, keepAlive = head.keepAlive): void {
    const { body } = response;
    if (!isWholeBody(body)) {
      this.#stream(head, response, body).then(
        (keepAlive) => this.#finish(keepAlive),
        (error: unknown) => this.#streamFailed(error),
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
        keepAlive,
        keepAliveSeconds: this.#keepAliveSeconds(),
        serverHeaders: this.#options.serverHeaders,
      });
      this.#isAnswerStarted = true;
      this.#writeAnswer(responseHead, head.method === "HEAD" ? EMPTY : body);
      this.#finish(keepAlive);
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
    this.#request = undefined;
    this.#admitted = undefined;
    this.#chunked = undefined;
    if (this.#state === "closing" || this.#socket.destroyed) {
      return;
    }
    if (!keepAlive) {
      this.#close();
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

  /**
   * A stream that ends with a known error, such as the proxied Redis going away, is an operating
   * condition, not a bug: the connection closes, so the client sees the stream break, and nothing
   * is logged here (the proxy's outage log says it once, not once per stream).
   */
  #streamFailed(error: unknown): void {
    if (knownError(error) === undefined) {
      this.#internalError(error);
      return;
    }
    this.#socket.destroy();
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
    const socket = this.#socket;
    if (socket.destroyed || !socket.writable) {
      this.#state = "closing";
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
    this.#close();
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
