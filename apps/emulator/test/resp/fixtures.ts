/**
 * An emulator with its RESP2 listener on 127.0.0.1:0 for the real-client tests, plus the clients
 * a test opens on it; disposing it closes them, then the emulator, and fails the test when the
 * server reported an internal error.
 */
import { Socket } from "node:net";
import { Redis, type RedisOptions } from "ioredis";
import { createEmulator, type Emulator } from "../../src/emulator.ts";
import type { Clock } from "../../src/engine/index.ts";

export const TOKEN = "resp-test-token";

export interface RespEmulator extends AsyncDisposable {
  readonly emulator: Emulator;
  readonly port: number;
  /** An ioredis client on the listener, closed with the emulator. */
  client(options?: RedisOptions): Redis;
  /** A raw socket on the listener, authenticated (`AUTH <token>`), closed with the emulator. */
  socket(): Promise<RawSocket>;
  /** Sends one command over REST as the default database's Standard token. */
  rest(argv: readonly string[]): Promise<unknown>;
}

/** `clock`: the time every service reads (a ManualClock for timeouts without sleeps). */
export async function startRespEmulator(options: { clock?: Clock } = {}): Promise<RespEmulator> {
  const errors: unknown[] = [];
  const emulator = await createEmulator({
    port: 0,
    respPort: 0,
    token: TOKEN,
    onError: (error) => errors.push(error),
    ...options,
  });
  const port = Number(emulator.respAddress?.split(":").at(-1));
  const clients: Redis[] = [];
  const sockets: RawSocket[] = [];
  return {
    emulator,
    port,
    client: (options = {}) => {
      const client = new Redis({
        port,
        host: "127.0.0.1",
        lazyConnect: false,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
        password: TOKEN,
        ...options,
      });
      clients.push(client);
      return client;
    },
    socket: async () => {
      const socket = await RawSocket.connect(port);
      sockets.push(socket);
      await socket.authenticate(TOKEN);
      return socket;
    },
    rest: async (argv) => {
      const response = await fetch(emulator.url, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify(argv),
      });
      return response.json();
    },
    [Symbol.asyncDispose]: async () => {
      for (const client of clients) {
        client.disconnect();
      }
      for (const socket of sockets) {
        socket.destroy();
      }
      await emulator.close();
      if (errors.length > 0) {
        throw new AggregateError(errors, `the server reported ${errors.length} error(s)`);
      }
    },
  };
}

/** A plain TCP connection that collects everything the server writes until it closes. */
export class RawSocket {
  readonly #socket: Socket;
  /** Joined only when read: a MONITOR socket may receive thousands of small chunks. */
  #chunks: Buffer[] = [];
  #receivedLength = 0;
  #waiters: (() => void)[] = [];
  #isClosed = false;
  readonly closed: Promise<void>;

  private constructor(socket: Socket) {
    this.#socket = socket;
    this.closed = new Promise((resolve) =>
      socket.once("close", () => {
        this.#isClosed = true;
        this.#wake();
        resolve();
      }),
    );
    socket.on("error", () => undefined);
    socket.on("data", (chunk: Buffer) => {
      this.#chunks.push(chunk);
      this.#receivedLength += chunk.length;
      this.#wake();
    });
  }

  static connect(port: number): Promise<RawSocket> {
    return new Promise((resolve, reject) => {
      const socket = new Socket();
      socket.once("error", reject);
      socket.connect(port, "127.0.0.1", () => {
        socket.off("error", reject);
        resolve(new RawSocket(socket));
      });
    });
  }

  #wake(): void {
    for (const wake of this.#waiters.splice(0)) {
      wake();
    }
  }

  /** Sends `AUTH <token>`, waits for its `+OK` and forgets it, so reads start after it. */
  async authenticate(token: string): Promise<void> {
    this.write(`AUTH ${token}\r\n`);
    const reply = await this.read("+OK\r\n".length);
    if (reply !== "+OK\r\n") {
      throw new Error(`AUTH answered ${JSON.stringify(reply)}`);
    }
    this.clear();
  }

  write(bytes: string | Uint8Array): void {
    this.#socket.write(bytes);
  }

  /** Resolves with everything received once it is at least `length` bytes long. */
  async read(length: number): Promise<string> {
    while (this.#receivedLength < length && !this.#isClosed) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
    return this.#received.toString("latin1");
  }

  /** Resolves with everything received once it matches `pattern` (or the connection closed). */
  async readUntil(pattern: RegExp): Promise<string> {
    while (!pattern.test(this.#received.toString("latin1")) && !this.#isClosed) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
    return this.#received.toString("latin1");
  }

  /** Forgets what was received so far: later reads start after it. */
  clear(): void {
    this.#chunks = [];
    this.#receivedLength = 0;
  }

  get #received(): Buffer {
    if (this.#chunks.length !== 1) {
      this.#chunks = [Buffer.concat(this.#chunks)];
    }
    return this.#chunks[0] ?? Buffer.alloc(0);
  }

  /** Everything received, once the server has closed the connection. */
  async readToEnd(): Promise<string> {
    await this.closed;
    return this.#received.toString("latin1");
  }

  destroy(): void {
    this.#socket.destroy();
  }
}
