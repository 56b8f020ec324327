/**
 * `startEmulator()`: an emulator inside the test process, on random loopback ports and in memory
 * unless told otherwise, as an `AsyncDisposable` (`await using emu = await startEmulator()`).
 */
import { generateToken } from "@stratus/core/auth";
import type { FaultRuleInput } from "@stratus/core/schemas";
import {
  createEmulator,
  type Emulator,
  type InjectedFault,
  ManualClock,
  type ResetRequest,
  type Seed,
} from "@stratus/emulator";
import { type CommandArgs, type FetchFunction, runCommand } from "./rest.ts";
import type { SearchTarget } from "./search-seed.ts";
import { type SeedData, seed } from "./seed.ts";
import type { VectorIndexKind, VectorTarget } from "./vector-seed.ts";

/** Management API user of every test emulator unless `email` is given. */
export const TEST_EMAIL = "test@stratus.local";

/** Small, so datasets stay readable in test output. */
const DEFAULT_TEST_DIMENSION = 8;

/** A vector index for {@link TestEmulator.createVectorIndex}. */
export interface TestVectorIndexSpec {
  /** Served at `/vector/{name}`. */
  readonly name: string;
  /** @default "DENSE" */
  readonly type?: VectorIndexKind;
  /** Dense dimension; taken from `denseEmbeddingModel` when that is set. @default 8 (not SPARSE) */
  readonly dimension?: number;
  /** @default "COSINE" */
  readonly similarity?: "COSINE" | "EUCLIDEAN" | "DOT_PRODUCT";
  /** e.g. `BGE_SMALL_EN_V1_5`: lets `upsert-data` and `query-data` embed text. */
  readonly denseEmbeddingModel?: string;
  /** e.g. `BM25`. */
  readonly sparseEmbeddingModel?: string;
}

export interface StartEmulatorOptions {
  /** Serve RESP2 on a random port too. @default false */
  readonly resp?: boolean;
  /** Persist in this directory (a temporary one is the caller's to remove). @default in memory */
  readonly dataDir?: string;
  /** Proxy the key-value interface to this Redis instead of the embedded engine. */
  readonly redisUrl?: string;
  /** Where the clock starts, in Unix ms. @default Date.now() */
  readonly startTimeMs?: number;
  /** Fixed tokens for the default database; generated when absent. */
  readonly token?: string;
  readonly readOnlyToken?: string;
  /** Management API credentials. @default TEST_EMAIL and a generated key */
  readonly email?: string;
  readonly apiKey?: string;
  /** Written once the emulator listens. */
  readonly seed?: SeedData;
  /**
   * State in the `--seed FILE` form (`{"kv": {"default": [["SET", "k", "v"]]}, "vector": …}`),
   * applied at start and by every {@link TestEmulator.reset} (unless `to: "empty"`).
   */
  readonly state?: Seed;
  /** Where the emulator's internal errors go. @default stderr */
  readonly onError?: (error: unknown) => void;
  /** Told of every injected fault. @default nothing (tests assert on counts instead) */
  readonly onFault?: (fault: InjectedFault) => void;
}

/** A fault rule set by {@link TestEmulator.injectFault}. */
export interface InjectedFaultRule {
  readonly id: string;
  /** How many requests it matched and how many it fired on, so far. */
  counts(): { readonly matched: number; readonly injected: number };
  /** Removes the rule. */
  remove(): void;
}

/** Basic-auth credentials of the management API (interfaces.md, Authentication 1). */
export interface ManagementCredentials {
  /** The management base URL, ending in `/v2`. */
  readonly url: string;
  readonly email: string;
  readonly apiKey: string;
}

/** A queue instance's credentials, as `@upstash/qstash`'s Client and Receiver take them. */
export interface QueueTarget {
  readonly url: string;
  readonly token: string;
  readonly currentSigningKey: string;
  readonly nextSigningKey: string;
}

export interface TestEmulator extends AsyncDisposable {
  /** The default database's REST URL. */
  readonly url: string;
  readonly token: string;
  readonly readOnlyToken: string;
  /** `host:port` of the RESP2 listener when `resp: true`. */
  readonly respAddress: string | undefined;
  /**
   * When `resp: true`, a URL for Redis clients (ioredis, node-redis, BullMQ, redis-cli -u) that
   * authenticates with the default database's Standard token: `redis://default:<token>@host:port`.
   */
  readonly redisUrl: string | undefined;
  /** The management API's URL and credentials. */
  readonly management: ManagementCredentials;
  /** The default vector index (DENSE, 384 dimensions, `BGE_SMALL_EN_V1_5`): URL and tokens. */
  readonly vector: VectorTarget;
  /** The default search database (`UPSTASH_SEARCH_REST_URL`): URL and tokens. */
  readonly search: SearchTarget;
  /**
   * The default queue instance (`@upstash/qstash`): `QSTASH_URL`, `QSTASH_TOKEN` and the signing
   * keys; getters, since token and key rotation change them.
   */
  readonly queue: QueueTarget;
  /** A `fetch` answered in-process, whatever the URL: hand it to SDKs to skip the socket. */
  readonly fetch: FetchFunction;
  /** The emulator's clock: time moves only when the test calls `clock.advance(ms)`. */
  readonly clock: ManualClock;
  /** The running emulator, for anything not covered here. */
  readonly emulator: Emulator;
  /** Runs one command on the default database with the Standard token and returns its result. */
  command(argv: CommandArgs): Promise<unknown>;
  /** Writes keys on the default database (see {@link SeedData}). */
  seed(data: SeedData): Promise<void>;
  /** Creates a vector index and returns its URL and tokens (in-process `fetch` included). */
  createVectorIndex(spec: TestVectorIndexSpec): Promise<VectorTarget>;
  /** Creates a search database served at `/search/{name}` and returns its URL and tokens. */
  createSearchDatabase(name: string): Promise<SearchTarget>;
  /**
   * Resets state so the next test starts clean: every database and vector index (and any product
   * registered later), or one product or resource, to empty or to the `state` seed (the default
   * when one was given). Fast enough for `beforeEach` (an empty reset is well under 5 ms).
   */
  reset(request?: ResetRequest): Promise<void>;
  /**
   * Adds a fault rule (`FaultRuleInput`, or the `--fault` text form) for this test: latency,
   * an error (presets for the service's real failures), a connection reset or a dropped stream.
   */
  injectFault(rule: FaultRuleInput | string): InjectedFaultRule;
  /** Removes every fault rule. */
  clearFaults(): void;
  /** Stops the servers; also what `await using` calls. Safe to call more than once. */
  stop(): Promise<void>;
  /** The same as {@link TestEmulator.stop}, for code written against `Emulator.close()`. */
  close(): Promise<void>;
}

export async function startEmulator(options: StartEmulatorOptions = {}): Promise<TestEmulator> {
  const clock = new ManualClock(options.startTimeMs ?? Date.now());
  const emulator = await createEmulator({
    port: 0,
    respPort: options.resp === true ? 0 : null,
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.redisUrl === undefined ? {} : { redisUrl: options.redisUrl }),
    ...(options.token === undefined ? {} : { token: options.token }),
    ...(options.readOnlyToken === undefined ? {} : { readOnlyToken: options.readOnlyToken }),
    ...(options.onError === undefined ? {} : { onError: options.onError }),
    onFault: options.onFault ?? (() => undefined),
    // Fixed credentials keep a persisted data directory from choosing its stored ones.
    email: options.email ?? TEST_EMAIL,
    apiKey: options.apiKey ?? generateToken(),
    clock,
  });
  const target = { url: emulator.url, token: emulator.token, fetch: emulator.fetch };
  let stopped: Promise<void> | undefined;
  // Idempotent, so an explicit stop() inside `await using` does not close twice.
  const stop = (): Promise<void> => {
    stopped ??= emulator.close();
    return stopped;
  };
  const vectorTarget = (name: string): VectorTarget => {
    const index = emulator.vector.getIndex(name);
    if (index === undefined) {
      throw new Error(`no vector index named '${name}'`);
    }
    return {
      name,
      url: `${emulator.url}/vector/${encodeURIComponent(name)}`,
      // Read through the index: the management API may reset its tokens.
      get token() {
        return index.token;
      },
      get readOnlyToken() {
        return index.readOnlyToken;
      },
      fetch: emulator.fetch,
    };
  };
  const searchTarget = (name: string): SearchTarget => {
    const database = emulator.search.getDatabase(name);
    if (database === undefined) {
      throw new Error(`no search database named '${name}'`);
    }
    return {
      name,
      url: `${emulator.url}/search/${encodeURIComponent(name)}`,
      // Read through the database: the management API may reset its tokens.
      get token() {
        return database.token;
      },
      get readOnlyToken() {
        return database.readOnlyToken;
      },
      fetch: emulator.fetch,
    };
  };
  const testEmulator: TestEmulator = {
    url: emulator.url,
    token: emulator.token,
    readOnlyToken: emulator.readOnlyToken,
    respAddress: emulator.respAddress,
    // A getter: the management API may reset the token while the emulator runs.
    get redisUrl() {
      return emulator.redisUrl;
    },
    management: { url: emulator.managementUrl, email: emulator.email, apiKey: emulator.apiKey },
    vector: vectorTarget(new URL(emulator.vectorUrl).pathname.split("/").at(-1) ?? "default"),
    search: searchTarget(new URL(emulator.searchUrl).pathname.split("/").at(-1) ?? "default"),
    queue: {
      url: emulator.queueUrl,
      get token() {
        return emulator.queueToken;
      },
      get currentSigningKey() {
        return emulator.queueCurrentSigningKey;
      },
      get nextSigningKey() {
        return emulator.queueNextSigningKey;
      },
    },
    fetch: emulator.fetch,
    clock,
    emulator,
    command: (argv) => runCommand(target, argv),
    seed: (data) => seed(target, data),
    createVectorIndex: async (spec) => {
      const type = spec.type ?? "DENSE";
      const hasDenseModel = spec.denseEmbeddingModel !== undefined;
      await emulator.vector.createIndex({
        name: spec.name,
        type,
        similarity: spec.similarity ?? "COSINE",
        ...(spec.dimension !== undefined
          ? { dimension: spec.dimension }
          : type === "SPARSE" || hasDenseModel
            ? {}
            : { dimension: DEFAULT_TEST_DIMENSION }),
        ...(hasDenseModel ? { denseEmbeddingModel: spec.denseEmbeddingModel } : {}),
        ...(spec.sparseEmbeddingModel === undefined
          ? {}
          : { sparseEmbeddingModel: spec.sparseEmbeddingModel }),
      });
      return vectorTarget(spec.name);
    },
    createSearchDatabase: async (name) => {
      await emulator.search.createDatabase({ name });
      return searchTarget(name);
    },
    reset: (request) => emulator.state.reset(request),
    injectFault: (rule) => {
      const { id } = emulator.faults.add(rule);
      return {
        id,
        counts: () => {
          const found = emulator.faults.list().find((state) => state.rule.id === id);
          return { matched: found?.matched ?? 0, injected: found?.injected ?? 0 };
        },
        remove: () => {
          emulator.faults.remove(id);
        },
      };
    },
    clearFaults: () => emulator.faults.clear(),
    stop,
    close: stop,
    [Symbol.asyncDispose]: stop,
  };
  if (options.state !== undefined) {
    await emulator.state.loadSeed(options.state).catch(async (error: unknown) => {
      await stop();
      throw error;
    });
  }
  if (options.seed !== undefined) {
    await testEmulator.seed(options.seed).catch(async (error: unknown) => {
      await stop();
      throw error;
    });
  }
  return testEmulator;
}
