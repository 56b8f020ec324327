/**
 * A minimal RESP2 client for tests, built on core's codec: requests are pipelined and replies
 * matched in order; pushed messages (pub/sub) are collected separately when `onPush` is given.
 */
import { Socket } from "node:net";
import { encodeResp2Command, Resp2StreamDecoder, type Resp2Value } from "@stratus/core/resp2";

export class RespClient {
  readonly #socket: Socket;
  readonly #decoder = new Resp2StreamDecoder();
  readonly #waiting: ((value: Resp2Value) => void)[] = [];
  #closed: Promise<void>;

  private constructor(socket: Socket) {
    this.#socket = socket;
    this.#closed = new Promise((resolve) => socket.once("close", () => resolve()));
    socket.on("data", (chunk: Buffer) => {
      for (const value of this.#decoder.push(chunk)) {
        this.#waiting.shift()?.(value);
      }
    });
  }

  static connect(port: number, host = "127.0.0.1"): Promise<RespClient> {
    return new Promise((resolve, reject) => {
      const socket = new Socket();
      socket.setNoDelay(true);
      socket.once("error", reject);
      socket.connect(port, host, () => {
        socket.off("error", reject);
        resolve(new RespClient(socket));
      });
    });
  }

  /** Sends one command and resolves with its reply. */
  call(...argv: (string | Uint8Array)[]): Promise<Resp2Value> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#socket.write(encodeResp2Command(argv));
    });
  }

  /** Sends raw bytes (for protocol tests); replies arrive through `next()`. */
  writeRaw(bytes: Uint8Array | string): void {
    this.#socket.write(bytes);
  }

  /** The next reply, whatever asked for it. */
  next(): Promise<Resp2Value> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Resolves when the server closes the connection. */
  get closed(): Promise<void> {
    return this.#closed;
  }

  async close(): Promise<void> {
    this.#socket.destroy();
    await this.#closed;
  }
}
