/**
 * A raw connection for differential tests of pushed messages (pub/sub, invalidations): each step
 * sends its command with a PING behind it, and everything received up to the PING's reply is that
 * step's output, so pushed messages are attributed to steps deterministically. The sentinel is
 * recognised in both forms: `+PONG`, and `["pong", ""]` in RESP2 subscribed mode.
 */
import { Socket } from "node:net";
import { encodeResp2Command, Resp2StreamDecoder, type Resp2Value } from "@stratus/core/resp2";
import { Resp3StreamDecoder, type Resp3Value } from "@stratus/core/resp3";
import { show } from "./harness.ts";

export class SentinelConnection {
  readonly #socket: Socket;
  readonly #received: (Resp2Value | Resp3Value)[] = [];
  #wake: (() => void) | undefined;

  private constructor(socket: Socket, protocol: 2 | 3) {
    this.#socket = socket;
    const decoder = protocol === 3 ? new Resp3StreamDecoder() : new Resp2StreamDecoder();
    socket.on("data", (chunk: Buffer) => {
      this.#received.push(...decoder.push(chunk));
      this.#wake?.();
    });
  }

  /** Connects to 127.0.0.1:`port`; a RESP3 connection has sent `HELLO 3` before it resolves. */
  static async open(port: number, protocol: 2 | 3): Promise<SentinelConnection> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const connecting = new Socket();
      connecting.once("error", reject);
      connecting.connect(port, "127.0.0.1", () => resolve(connecting));
    });
    const connection = new SentinelConnection(socket, protocol);
    if (protocol === 3) {
      await connection.run(["HELLO", "3"]);
    }
    return connection;
  }

  /** Sends `argv` (none: only the PING); resolves with what came before the PING's reply. */
  async run(argv: readonly string[]): Promise<unknown[]> {
    if (argv.length > 0) {
      this.#socket.write(encodeResp2Command([...argv]));
    }
    this.#socket.write(encodeResp2Command(["PING"]));
    const output: unknown[] = [];
    for (;;) {
      const value = this.#received.shift();
      if (value === undefined) {
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
        continue;
      }
      const shown = show(value);
      if (shown === "+PONG" || JSON.stringify(shown) === '["pong",""]') {
        return output;
      }
      output.push(shown);
    }
  }

  /** Resolves once the socket is closed on this side. */
  close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#socket.once("close", () => resolve()));
    this.#socket.destroy();
    return closed;
  }
}
