/**
 * Wires the emulator together: the key-value backend (embedded engine or Redis proxy), the
 * databases and their tokens, the HTTP server and the RESP2 listener.
 */
import { readFile } from "node:fs/promises";
import { generateToken } from "@stratus/core/auth";
import { type EmulatorConfig, type EmulatorConfigInput, parseConfig } from "./config.ts";
import { kvStateProduct } from "./control/kv-state.ts";
import { queueStateProduct } from "./control/queue-state.ts";
import { searchStateProduct } from "./control/search-state.ts";
import { readSeedFile, StateControl } from "./control/state.ts";
import { vectorStateProduct } from "./control/vector-state.ts";
import { type Clock, systemClock } from "./engine/index.ts";
import { EmulatorError } from "./errors.ts";
import { FaultInjector, type InjectedFault } from "./faults/injector.ts";
import { withFaults } from "./http/faults.ts";
import { createFetchHandler, type FetchFunction } from "./http/fetch.ts";
import { createHandler, wholeRequestHandler } from "./http/handler.ts";
import { jsonError } from "./http/http-error.ts";
import { createRouter } from "./http/router.ts";
import { createControlService } from "./http/routes/control.ts";
import { createManagementService } from "./http/routes/management.ts";
import { createQueueRoute } from "./http/routes/queues.ts";
import { createSearchRoute, type SearchUsageSample } from "./http/routes/search.ts";
import { createVectorRoute, type VectorUsageSample } from "./http/routes/vector.ts";
import { HttpServer } from "./http/server/server.ts";
import type { Admission, EmulatorRequest, EmulatorResponse } from "./http/types.ts";
import type { KvBackend } from "./kv/backend.ts";
import { KvDatabase } from "./kv/database.ts";
import { createKvDatabaseFactory, kvUsageRecorder } from "./kv/database-factory.ts";
import { openMemoryBackend } from "./kv/memory/open-memory-backend.ts";
import { importRdb } from "./kv/rdb-transfer.ts";
import { createRedisProxyBackend } from "./kv/redis-proxy/proxy-backend.ts";
import { describeRedisTarget, parseRedisUrl } from "./kv/redis-proxy/redis-url.ts";
import { applyConfigFile, readConfigFile, withConfigFile } from "./management/config-file.ts";
import { openMetrics } from "./management/metrics-store.ts";
import { openBackupStore, openManagementStore } from "./management/persistence.ts";
import { qstashCost } from "./management/pricing.ts";
import { ManagementService } from "./management/service.ts";
import type { MetricsRecorder } from "./metrics/recorder.ts";
import { checkBudget, checkDailyQuota } from "./queues/limits.ts";
import { QueueService } from "./queues/service.ts";
import { type RespServer, startRespServer } from "./resp/server.ts";
import { tokenAuthenticator } from "./resp/token-auth.ts";
import { SearchService } from "./search/index.ts";
import { archiveImages } from "./snapshot/archive.ts";
import { captureImages } from "./snapshot/capture.ts";
import { type DataDir, openDataDir } from "./storage/index.ts";
import { VectorService } from "./vector/index.ts";

/** The name of the database served at the root URL. */
export const DEFAULT_DATABASE = "default";

/** The vector index that exists at start, at `/vector/default` (issue 6). */
export const DEFAULT_VECTOR_INDEX = "default";

/** The search database that exists at start, at `/search/default` (issue 20). */
export const DEFAULT_SEARCH_DATABASE = "default";

export interface EmulatorOptions extends EmulatorConfigInput {
  /** The engine's clock; tests pass a `ManualClock`. @default systemClock */
  readonly clock?: Clock;
  /** Where internal errors go. @default stderr */
  readonly onError?: (error: unknown) => void;
  /**
   * Set in the processes of `--workers` (cluster.ts), which serve one proxied Redis together. The
   * vector indexes and the management API live in one process's memory, so they answer 404 rather
   * than a different state per worker; every response names its worker (`stratus-worker: <pid>`).
   */
  readonly isClusterWorker?: boolean;
  /** Told of every injected fault (`http/faults.ts`). @default a line on stderr */
  readonly onFault?: (fault: InjectedFault) => void;
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
  /**
   * The RESP listener as a URL for Redis clients, or undefined when it is off:
   * `redis://default:<token>@host:port` with the default database's Standard token (the token
   * selects the database), or `redis://host:port` on an open port (`respAuth: "none"`).
   */
  readonly redisUrl: string | undefined;
  /** Handles a request in-process, without a socket. */
  readonly handle: (request: EmulatorRequest) => Promise<EmulatorResponse>;
  /**
   * A `fetch` served in-process by `handle`, whatever the URL's origin: hand it to clients that
   * accept a custom `fetch` to skip the socket. SSE bodies stream event by event.
   */
  readonly fetch: FetchFunction;
  readonly databases: ReadonlyMap<string, KvDatabase>;
  /** The clock every service reads. */
  readonly clock: Clock;
  /** Every vector index; the management API creates and deletes them through it. */
  readonly vector: VectorService;
  /** The default vector index's base URL (`UPSTASH_VECTOR_REST_URL`) and tokens. */
  readonly vectorUrl: string;
  readonly vectorToken: string;
  readonly vectorReadOnlyToken: string;
  /** Every search database; the management API creates and deletes them through it. */
  readonly search: SearchService;
  /** The default search database's base URL (`UPSTASH_SEARCH_REST_URL`) and tokens. */
  readonly searchUrl: string;
  readonly searchToken: string;
  readonly searchReadOnlyToken: string;
  /** The management API's base URL, `{url}/v2`, and its basic-auth credentials. */
  readonly managementUrl: string;
  readonly email: string;
  readonly apiKey: string;
  /** The management API's operations, for in-process use. */
  readonly management: ManagementService;
  /** Usage of every resource, which the management stats read. */
  readonly metrics: MetricsRecorder;
  /** Every queue instance, live (issue 19). */
  readonly queues: QueueService;
  /**
   * The account's default queue instance: the base URL (`QSTASH_URL`, the token picks the
   * instance), its token and signing keys. Getters: reset-password and key rotation change them.
   */
  readonly queueUrl: string;
  readonly queueToken: string;
  readonly queueCurrentSigningKey: string;
  readonly queueNextSigningKey: string;
  /** `http://127.0.0.1:{port}` of `--qstash-dev-port`, or undefined when off. */
  readonly queueDevUrl: string | undefined;
  /**
   * Reset and seed of every product's state (`control/state.ts`); products register here
   * (`state.register`), and `POST /_stratus/reset` and `@stratus/testing` reset through it.
   */
  readonly state: StateControl;
  /** Fault rules (`http/faults.ts`): set by `--fault`, `--faults FILE`, `/_stratus/faults` or tests. */
  readonly faults: FaultInjector;
  /**
   * Every database, index, queue instance and management record at one point in time, as a tar
   * archive of the data directory it makes (`snapshot/`); `POST /_stratus/snapshot` serves it.
   */
  snapshot(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Starts the emulator's servers and resolves once they listen. */
export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const {
    clock = systemClock,
    onError = logError,
    isClusterWorker = false,
    onFault = logFault,
    ...input
  } = options;
  const parsedConfig = parseConfig(input);
  // --config FILE: its declarations are applied once the servers run; flags win over its values.
  const configFile =
    parsedConfig.configFile === undefined
      ? undefined
      : await readConfigFile(parsedConfig.configFile);
  const config =
    configFile === undefined ? parsedConfig : withConfigFile(parsedConfig, configFile, input);
  // Fault rules are checked before anything opens: a bad rule stops the start cleanly.
  const faults = new FaultInjector({
    onInjected: onFault,
    ...(config.redisUrl === undefined
      ? {}
      : { redisTarget: describeRedisTarget(parseRedisUrl(config.redisUrl)) }),
  });
  for (const rule of [...(await readFaultsFile(config.faultsFile)), ...config.faults]) {
    try {
      faults.add(rule);
    } catch (error: unknown) {
      throw new EmulatorError(
        "ERR_INVALID_OPTIONS",
        error instanceof Error ? error.message : String(error),
      );
    }
  }
  const dataDir = config.dataDir === undefined ? undefined : await openDataDir(config.dataDir);
  const kv = await openKvBackend({ config, clock, dataDir, onError }).catch(
    async (error: unknown) => {
      await dataDir?.close();
      throw error;
    },
  );
  const { backend } = kv;
  const metrics = await openMetrics({
    clock,
    directory: dataDir?.areas.metrics,
    fsync: config.fsync,
    onError,
  });
  const onVectorUsage = (sample: VectorUsageSample): void =>
    metrics.recorder.record({
      resource: { kind: "vector", id: sample.index },
      op: sample.operation,
      count: sample.count,
      latencyMs: sample.latencyMs,
      bytesIn: sample.bytesIn,
      bytesOut: sample.bytesOut,
    });
  const onSearchUsage = (sample: SearchUsageSample): void =>
    metrics.recorder.record({
      resource: { kind: "search", id: sample.database },
      op: sample.operation,
      count: sample.count,
      latencyMs: sample.latencyMs,
      bytesIn: sample.bytesIn,
      bytesOut: sample.bytesOut,
    });
  const vector = await openVectorService({
    config,
    clock,
    dataDir,
    onError,
  }).catch(async (error: unknown) => {
    await metrics.close();
    await kv.close();
    await dataDir?.close();
    throw error;
  });
  const search = await openSearchService({ config, clock, dataDir, onError }).catch(
    async (error: unknown) => {
      await vector.close();
      await metrics.close();
      await kv.close();
      await dataDir?.close();
      throw error;
    },
  );
  const defaultUsage = kvUsageRecorder(metrics.recorder, DEFAULT_DATABASE);
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
    ...(defaultUsage === undefined ? {} : { onUsage: defaultUsage }),
  });
  const databases = new Map([[DEFAULT_DATABASE, database]]);
  let baseUrl = "";
  // One promise for the stores and the service, so a failure in any of them is cleaned up below.
  const management = await (async () =>
    ManagementService.open({
      clock,
      store: await openManagementStore({
        directory: dataDir?.areas.management,
        fsync: config.fsync,
        onWarning: (message) => onError(new Error(message)),
      }),
      backups: await openBackupStore({
        directory: dataDir?.areas.management,
        fsync: config.fsync,
        onWarning: (message) => onError(new Error(message)),
      }),
      email: config.email,
      apiKey: config.apiKey,
      kvDatabases: databases,
      defaultTokensGiven: config.token !== undefined || config.readOnlyToken !== undefined,
      // Over a proxied Redis there is one database, the proxied one: creating more is refused.
      createKvDatabase:
        config.redisUrl === undefined
          ? createKvDatabaseFactory({
              clock,
              kvDirectory: dataDir?.areas.kv,
              fsync: config.fsync,
              limits: {
                maxRequestBytes: config.maxRequestBytes,
                dailyRequestLimit: config.dailyRequestLimit,
              },
              metrics: metrics.recorder,
              onError,
            })
          : undefined,
      vector,
      search,
      recorder: metrics.recorder,
      baseUrl: () => baseUrl,
      maxRequestBytes: config.maxRequestBytes,
    }))().catch(async (error: unknown) => {
    // Unreadable management state: release what is open, so the data directory is unlocked.
    await search.close();
    await vector.close();
    await metrics.close();
    await kv.close();
    await dataDir?.close();
    throw error;
  });
  const queues = await QueueService.open({
    clock,
    directory: dataDir?.areas.queues,
    fsync: config.fsync,
    onError,
    accounts: () => management.queues.states(),
    rotateSigningKeys: async (id) => {
      await management.queues.rotateSigningKeys(id);
    },
    devMode: config.qstashDevPort !== null,
    globalParallelism:
      config.qstashGlobalParallelism === 0
        ? Number.POSITIVE_INFINITY
        : config.qstashGlobalParallelism,
  }).catch(async (error: unknown) => {
    await management.close();
    await vector.close();
    await metrics.close();
    await kv.close();
    await dataDir?.close();
    throw error;
  });
  const queueRoute = createQueueRoute({
    service: queues,
    checkPublish: ({ instanceId, messages }) => {
      const resource = { kind: "queue", id: instanceId } as const;
      if (config.qstashDailyLimit !== undefined) {
        const nowMs = clock.now();
        checkDailyQuota({
          limit: config.qstashDailyLimit,
          messages,
          todayCount: metrics.recorder.day(resource, ["publish"], nowMs - (nowMs % 86_400_000))
            .count,
          nowMs,
        });
      }
      const account = management.queues.states().find((entry) => entry.id === instanceId);
      // Most instances have no budget: this month's usage is summed only for those that do.
      if (account !== undefined && account.budget > 0) {
        const messages = metrics.recorder.month(resource, ["publish"]);
        checkBudget({
          budget: account.budget,
          monthlyCost: qstashCost(account.plan, { messages: messages.count }),
        });
      }
    },
    // The management stats of a queue instance read its `publish` usage (stats.ts).
    onPublish: (sample) =>
      metrics.recorder.record({
        resource: { kind: "queue", id: sample.instanceId },
        op: "publish",
        count: sample.count,
        latencyMs: sample.latencyMs,
        bytesIn: sample.bytesIn,
        bytesOut: sample.bytesOut,
      }),
  });
  const snapshot = (): Promise<Uint8Array> =>
    archiveImages(
      captureImages({ defaultDatabase: database, management, vector, search, metrics, queues }),
      { nowMs: clock.now() },
    );
  const state = new StateControl();
  state.register(kvStateProduct(databases));
  state.register(vectorStateProduct(vector));
  state.register(searchStateProduct(search));
  state.register(
    queueStateProduct(queues, {
      defaultInstance: () =>
        management.queues.states().find((queue) => queue.ownerId === management.email)?.id,
    }),
  );
  const service = createHandler(
    withFaults(
      createRouter({
        ...(isClusterWorker
          ? {}
          : {
              control: createControlService({
                state,
                faults,
                snapshot,
                authenticate: (credentials) => management.authenticate(credentials),
              }),
            }),
        kvDatabases: databases,
        defaultDatabase: DEFAULT_DATABASE,
        vector: isClusterWorker
          ? notWithWorkers("the vector REST interface")
          : createVectorRoute({ service: vector, onUsage: onVectorUsage }),
        search: isClusterWorker
          ? notWithWorkers("the search REST interface")
          : createSearchRoute({ service: search, onUsage: onSearchUsage }),
        management: isClusterWorker
          ? { admit: notWithWorkers("the management API") }
          : createManagementService(management),
        queues: isClusterWorker ? notWithWorkers("the queue API") : queueRoute,
      }),
      faults,
    ),
    onError,
  );
  const handleWhole = wholeRequestHandler(service);
  const server = new HttpServer({
    service,
    onError,
    // Set by the server, not by wrapping the handler: a wrapper's await and header spread showed in
    // the cost of every proxied request.
    serverHeaders: isClusterWorker ? { "stratus-worker": String(process.pid) } : {},
  });
  await server.listen(config.port, config.host).catch((error: unknown) => {
    throw addressError(error, `${config.host}:${config.port}`);
  });
  let resp: RespServer | undefined;
  try {
    resp =
      config.respPort === null
        ? undefined
        : await startRespServer({
            backend,
            host: config.host,
            port: config.respPort,
            onError,
            usage: database.usage,
            database: DEFAULT_DATABASE,
            faults,
            ...(config.respAuth === "token" ? { authenticate: tokenAuthenticator(databases) } : {}),
          });
  } catch (error: unknown) {
    await server.close();
    throw addressError(error, `${config.host}:${config.respPort}`);
  }
  // The SDK's dev mode looks for its server at 127.0.0.1:{QSTASH_DEV_PORT}, API at the root.
  let devServer: HttpServer | undefined;
  if (config.qstashDevPort !== null) {
    devServer = new HttpServer({
      service: createHandler({ admit: (head) => queueRoute(head, head.path) }, onError),
      onError,
      serverHeaders: {},
    });
    try {
      await devServer.listen(config.qstashDevPort, "127.0.0.1");
    } catch (error: unknown) {
      await resp?.close();
      await server.close();
      throw addressError(error, `127.0.0.1:${config.qstashDevPort}`);
    }
  }
  const { port } = server.address();
  const close = async (): Promise<void> => {
    await resp?.close();
    await devServer?.close();
    await server.close();
    await queues.close();
    await management.close();
    await kv.close();
    await vector.close();
    await search.close();
    await metrics.close();
    await dataDir?.close();
  };
  baseUrl = `http://${formatHost(config.host)}:${port}`;
  if (configFile !== undefined) {
    await applyConfigFile(configFile, management).catch(async (error: unknown) => {
      await close();
      throw error;
    });
  }
  if (config.importFile !== undefined) {
    const file = config.importFile;
    await readFile(file)
      .then((bytes) => importRdb(backend, bytes))
      .catch(async (error: unknown) => {
        await close();
        throw new EmulatorError(
          "ERR_INVALID_OPTIONS",
          `--import ${file}: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
  }
  if (config.seedFile !== undefined) {
    await readSeedFile(config.seedFile)
      .then((seed) => state.loadSeed(seed))
      .catch(async (error: unknown) => {
        await close();
        throw error;
      });
  }
  return {
    url: `http://${formatHost(config.host)}:${port}`,
    config,
    state,
    faults,
    snapshot,
    // Getters: the management API's reset-password replaces them while the emulator runs.
    get token() {
      return database.token;
    },
    get readOnlyToken() {
      return database.readOnlyToken;
    },
    respAddress: resp === undefined ? undefined : `${formatHost(resp.host)}:${resp.port}`,
    get redisUrl() {
      if (resp === undefined) {
        return undefined;
      }
      const address = `${formatHost(resp.host)}:${resp.port}`;
      return config.respAuth === "token"
        ? `redis://default:${encodeURIComponent(database.token)}@${address}`
        : `redis://${address}`;
    },
    // A promise always, for callers of the library; the server takes answers given at once.
    handle: (request) => Promise.resolve(handleWhole(request)),
    fetch: createFetchHandler(handleWhole),
    databases,
    clock,
    vector,
    vectorUrl: `http://${formatHost(config.host)}:${port}/vector/${DEFAULT_VECTOR_INDEX}`,
    // Getters: the management API may reset the tokens while the emulator runs.
    get vectorToken() {
      return defaultVectorIndex(vector).token;
    },
    get vectorReadOnlyToken() {
      return defaultVectorIndex(vector).readOnlyToken;
    },
    search,
    searchUrl: `http://${formatHost(config.host)}:${port}/search/${DEFAULT_SEARCH_DATABASE}`,
    get searchToken() {
      return search.getDatabase(DEFAULT_SEARCH_DATABASE)?.token ?? "";
    },
    get searchReadOnlyToken() {
      return search.getDatabase(DEFAULT_SEARCH_DATABASE)?.readOnlyToken ?? "";
    },
    managementUrl: `${baseUrl}/v2`,
    email: management.email,
    apiKey: management.apiKey,
    management,
    metrics: metrics.recorder,
    queues,
    queueUrl: `${baseUrl}/qstash`,
    get queueToken() {
      return defaultQueue(management).token;
    },
    get queueCurrentSigningKey() {
      return defaultQueue(management).currentSigningKey ?? "";
    },
    get queueNextSigningKey() {
      return defaultQueue(management).nextSigningKey ?? "";
    },
    queueDevUrl:
      devServer === undefined ? undefined : `http://127.0.0.1:${devServer.address().port}`,
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
    const proxy = createRedisProxyBackend({
      url: config.redisUrl,
      commandTimeoutMs: config.redisCommandTimeoutMs,
      // The outage log: a line when Redis becomes unavailable and one when it is back, no stack.
      log: (line) => onError(line),
    });
    // Connects once at start-up. An unreachable Redis is only the outage log's warning, since the
    // proxy answers 503 until Redis is up and then recovers by itself.
    await proxy.probe();
    return { backend: proxy, close: () => proxy.close() };
  }
  return openMemoryBackend({ clock, directory: dataDir?.areas.kv, fsync: config.fsync, onError });
}

/**
 * The vector service, replayed from the data directory when there is one, with the default index
 * (DENSE, 384 dimensions, COSINE, BGE_SMALL_EN_V1_5) created on first start.
 */
async function openVectorService(options: {
  config: EmulatorConfig;
  clock: Clock;
  dataDir: DataDir | undefined;
  onError: (error: unknown) => void;
}): Promise<VectorService> {
  const { config, clock, dataDir, onError } = options;
  const service = await VectorService.open({
    clock,
    storeDirectory: dataDir?.areas.vector,
    fsync: config.fsync,
    indexingDelayMs: config.vectorIndexingDelayMs,
    approximateSearch: { minVectors: config.vectorAnnMinVectors },
    onError,
  });
  if (service.getIndex(DEFAULT_VECTOR_INDEX) === undefined) {
    await service.createIndex({
      name: DEFAULT_VECTOR_INDEX,
      type: "DENSE",
      dimension: 384,
      similarity: "COSINE",
      denseEmbeddingModel: "BGE_SMALL_EN_V1_5",
    });
  }
  return service;
}

/**
 * The search service, replayed from the data directory when there is one, with the default
 * search database created on first start. Writes stay pending as long as vector writes do.
 */
async function openSearchService(options: {
  config: EmulatorConfig;
  clock: Clock;
  dataDir: DataDir | undefined;
  onError: (error: unknown) => void;
}): Promise<SearchService> {
  const { config, clock, dataDir, onError } = options;
  const service = await SearchService.open({
    clock,
    storeDirectory: dataDir?.areas.search,
    fsync: config.fsync,
    indexingDelayMs: config.vectorIndexingDelayMs,
    onError,
  });
  if (service.getDatabase(DEFAULT_SEARCH_DATABASE) === undefined) {
    await service.createDatabase({ name: DEFAULT_SEARCH_DATABASE });
  }
  return service;
}

/** The account's own queue instance (it always has one: `ensureAccountQueue`). */
function defaultQueue(management: ManagementService): {
  token: string;
  currentSigningKey?: string | undefined;
  nextSigningKey?: string | undefined;
} {
  return (
    management.queues.states().find((queue) => queue.ownerId === management.email) ?? {
      token: "",
    }
  );
}

/** The default index, or empty tokens when the management API deleted it. */
function defaultVectorIndex(service: VectorService): { token: string; readOnlyToken: string } {
  return service.getIndex(DEFAULT_VECTOR_INDEX) ?? { token: "", readOnlyToken: "" };
}

/**
 * What `--workers` processes answer for per-process services: a 404 like any part not served
 * (router.ts), saying why, so no client sees one worker's indexes and then another's.
 */
function notWithWorkers(what: string): () => Admission {
  const message = `ERR ${what} is not available with --workers: each worker process would keep its own; start the emulator without --workers to use it`;
  return () => ({ answer: jsonError(404, message) });
}

/** `host` as it stands in a URL or a `host:port` address: an IPv6 literal goes in brackets. */
function formatHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

function addressError(error: unknown, address: string): unknown {
  return (error as NodeJS.ErrnoException).code === "EADDRINUSE"
    ? new EmulatorError("ERR_ADDRESS_IN_USE", `${address} is already in use: pick another port`, {
        cause: error,
      })
    : error;
}

function logFault(fault: InjectedFault): void {
  process.stderr.write(
    `stratus-emulator: fault ${fault.ruleId}: ${fault.action} on ${fault.method} ${fault.path}\n`,
  );
}

/** `--faults FILE`: a JSON list of rules (or one rule). */
async function readFaultsFile(path: string | undefined): Promise<unknown[]> {
  if (path === undefined) {
    return [];
  }
  try {
    const parsed: unknown = JSON.parse(await readFile(path, "utf8"));
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch (error: unknown) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `--faults ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function logError(error: unknown): void {
  process.stderr.write(
    `stratus-emulator: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
}
