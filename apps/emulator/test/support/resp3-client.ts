/**
 * A minimal RESP3 client for tests, built on core's RESP3 codec: `HELLO 3` on connect, requests
 * pipelined and replies matched in order.
 */
import { Socket } from "node:net";
import { encodeResp2Command } from "@stratus/core/resp2";
import { Resp3StreamDecoder, type Resp3Value } from "@stratus/core/resp3";

export class Resp3Client {
  readonly #socket: Socket;
  readonly #decoder = new Resp3StreamDecoder();
  readonly #waiting: ((value: Resp3Value) => void)[] = [];
  readonly #closed: Promise<void>;

  private constructor(socket: Socket) {
    this.#socket = socket;
    this.#closed = new Promise((resolve) => socket.once("close", () => resolve()));
    socket.on("data", (chunk: Buffer) => {
      for (const value of this.#decoder.push(chunk)) {
        this.#waiting.shift()?.(value);
      }
    });
  }

  /**
   * Connects and switches to RESP3 (`HELLO 3`, with `AUTH default <password>` when given); rejects
   * when the server refuses it.
   */
  static async connect(
    port: number,
    options: { host?: string; password?: string } = {},
  ): Promise<Resp3Client> {
    const { host = "127.0.0.1", password } = options;
    const socket = await new Promise<Socket>((resolve, reject) => {
      const connecting = new Socket();
      connecting.setNoDelay(true);
      connecting.once("error", reject);
      connecting.connect(port, host, () => {
        connecting.off("error", reject);
        resolve(connecting);
      });
    });
    const client = new Resp3Client(socket);
    const hello = await client.call(
      ...["HELLO", "3", ...(password === undefined ? [] : ["AUTH", "default", password])],
    );
    if (hello.kind !== "map") {
      socket.destroy();
      throw new Error(`HELLO 3 answered ${JSON.stringify(hello)}`);
    }
    return client;
  }

  /** Sends one command and resolves with its reply. */
  call(...argv: (string | Uint8Array)[]): Promise<Resp3Value> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#socket.write(encodeResp2Command(argv));
    });
  }

  async close(): Promise<void> {
    this.#socket.destroy();
    await this.#closed;
  }
}
