/**
 * Wires the emulator together: the key-value backend (embedded engine or Redis proxy), the
 * databases and their tokens, the HTTP server and the RESP2 listener.
 */
import type { AddressInfo } from "node:net";
import { generateToken } from "@stratus/core/auth";
import { type EmulatorConfig, type EmulatorConfigInput, parseConfig } from "./config.ts";
import { type Clock, Engine, systemClock } from "./engine/index.ts";
import { EmulatorError } from "./errors.ts";
import { createFetchHandler, type FetchFunction } from "./http/fetch.ts";
import { createHandler } from "./http/handler.ts";
import { createNodeServer } from "./http/node.ts";
import { createRouter } from "./http/router.ts";
import type { RequestHandler } from "./http/types.ts";
import type { KvBackend } from "./kv/backend.ts";
import { KvDatabase } from "./kv/database.ts";
import { MemoryBackend } from "./kv/memory/memory-backend.ts";
import { openPersistentEngine } from "./kv/memory/persistent-engine.ts";
import { createRedisProxyBackend, type RedisProxyBackend } from "./kv/redis-proxy/proxy-backend.ts";
import { type RespServer, startRespServer } from "./resp/server.ts";
import { type DataDir, openDataDir } from "./storage/index.ts";

/** The name of the database served at the root URL. */
export const DEFAULT_DATABASE = "default";

export interface EmulatorOptions extends EmulatorConfigInput {
  /** The engine's clock; tests pass a `ManualClock`. @default systemClock */
  readonly clock?: Clock;
  /** Where internal errors go. @default stderr */
  readonly onError?: (error: unknown) => void;
}

/** A running emulator. */
export interface Emulator extends AsyncDisposable {
  /** The HTTP base URL, e.g. `http://127.0.0.1:8079`; the default database's REST URL. */
  readonly url: string;
  readonly config: EmulatorConfig;
  /** The default database's Standard and Read Only tokens. */
  readonly token: string;
  readonly readOnlyToken: string;
  /** `host:port` of the RESP2 listener, or undefined when it is off. */
  readonly respAddress: string | undefined;
  /** Handles a request in-process, without a socket. */
  readonly handle: RequestHandler;
  /**
   * A `fetch` served in-process by `handle`, whatever the URL's origin: hand it to clients that
   * accept a custom `fetch` to skip the socket. SSE bodies stream event by event.
   */
  readonly fetch: FetchFunction;
  readonly databases: ReadonlyMap<string, KvDatabase>;
  /** The clock every service reads. */
  readonly clock: Clock;
  close(): Promise<void>;
}

/** Starts the emulator's servers and resolves once they listen. */
export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const { clock = systemClock, onError = logError, ...input } = options;
  const config = parseConfig(input);
  const dataDir = config.dataDir === undefined ? undefined : await openDataDir(config.dataDir);
  const kv = await openKvBackend({ config, clock, dataDir, onError }).catch(
    async (error: unknown) => {
      await dataDir?.close();
      throw error;
    },
  );
  const { backend } = kv;
  const database = new KvDatabase({
    name: DEFAULT_DATABASE,
    backend,
    token: config.token ?? generateToken(),
    readOnlyToken: config.readOnlyToken ?? generateToken(),
    limits: {
      maxRequestBytes: config.maxRequestBytes,
      dailyRequestLimit: config.dailyRequestLimit,
    },
    now: () => clock.now(),
  });
  const databases = new Map([[DEFAULT_DATABASE, database]]);
  const handle = createHandler(
    createRouter({ kvDatabases: databases, defaultDatabase: DEFAULT_DATABASE }),
    onError,
  );
  const server = createNodeServer(handle, onError);
  await listen(server, config);
  let resp: RespServer | undefined;
  try {
    resp =
      config.respPort === null
        ? undefined
        : await startRespServer({ backend, host: config.host, port: config.respPort, onError });
  } catch (error: unknown) {
    server.close();
    throw addressError(error, `${config.host}:${config.respPort}`);
  }
  const { port } = server.address() as AddressInfo;
  const close = async (): Promise<void> => {
    await resp?.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await kv.close();
    await dataDir?.close();
  };
  return {
    url: `http://${formatHost(config.host)}:${port}`,
    config,
    token: database.token,
    readOnlyToken: database.readOnlyToken,
    respAddress: resp === undefined ? undefined : `${formatHost(resp.host)}:${resp.port}`,
    handle,
    fetch: createFetchHandler(handle),
    databases,
    clock,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/**
 * The key-value backend: a proxy to `--redis-url` (which persists nothing itself), or the embedded
 * engine, replayed from and logging to the data directory when there is one.
 */
async function openKvBackend(options: {
  config: EmulatorConfig;
  clock: Clock;
  dataDir: DataDir | undefined;
  onError: (error: unknown) => void;
}): Promise<{ backend: KvBackend; close(): Promise<void> }> {
  const { config, clock, dataDir, onError } = options;
  if (config.redisUrl !== undefined) {
    const proxy = await probeRedis(createRedisProxyBackend({ url: config.redisUrl }), onError);
    return { backend: proxy, close: () => proxy.close() };
  }
  if (dataDir === undefined) {
    const engine = new Engine({ clock, onInternalError: onError });
    const backend = new MemoryBackend(engine);
    return {
      backend,
      close: async () => {
        await backend.close();
        engine.close();
      },
    };
  }
  const persistent = await openPersistentEngine({
    directory: dataDir.areas.kv,
    fsync: config.fsync,
    clock,
    onInternalError: onError,
    onWarning: (message) => onError(new Error(message)),
  });
  const backend = new MemoryBackend(persistent.engine, persistent.durability);
  return {
    backend,
    close: async () => {
      await backend.close();
      await persistent.close();
    },
  };
}

/**
 * `--redis-url`: connects once at start-up. An unreachable Redis is only a warning, since the
 * proxy answers 503 until Redis is up and then recovers by itself.
 */
async function probeRedis(
  proxy: RedisProxyBackend,
  onError: (error: unknown) => void,
): Promise<KvBackend> {
  const problem = await proxy.probe();
  if (problem !== undefined) {
    onError(`warning: ${problem}; key-value requests fail with 503 until Redis is reachable`);
  }
  return proxy;
}

function formatHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

function listen(
  server: ReturnType<typeof createNodeServer>,
  config: EmulatorConfig,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", (error) => reject(addressError(error, `${config.host}:${config.port}`)));
    server.listen(config.port, config.host, () => resolve());
  });
}

function addressError(error: unknown, address: string): unknown {
  return (error as NodeJS.ErrnoException).code === "EADDRINUSE"
    ? new EmulatorError("ERR_ADDRESS_IN_USE", `${address} is already in use: pick another port`, {
        cause: error,
      })
    : error;
}

function logError(error: unknown): void {
  process.stderr.write(
    `stratus-emulator: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
}
