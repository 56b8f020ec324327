/**
 * The libraries built on the SDKs, each run unmodified against an emulator on the embedded engine
 * and on the Redis proxy (`--redis-url` to a redis-server the test starts; skipped only where
 * redis-server is missing, never in CI). The emulator listens on 127.0.0.1:0 and the libraries
 * reach it through the global `fetch`, as they would a deployment.
 */
import { afterAll, beforeAll, describe } from "vitest";
import { createEmulator, type Emulator } from "../../src/emulator.ts";
import { ManualClock } from "../../src/engine/index.ts";
import { RedisServer, shouldRunRedisTests } from "../support/redis-server.ts";

export type BackendName = "engine" | "redis-proxy";

export const TOKEN = "libraries-token";
const EMAIL = "libraries@example.com";
const API_KEY = "libraries-api-key";

/** A named database's REST URL and token (`/redis/{name}`). */
export interface DatabaseAccess {
  readonly url: string;
  readonly token: string;
}

export interface LibraryTarget {
  readonly backend: BackendName;
  readonly emulator: Emulator;
  /** The default database's REST URL. */
  readonly url: string;
  readonly token: string;
  /** The engine's clock when the file asked for one (`manualClock`); undefined on the proxy. */
  readonly clock: ManualClock | undefined;
  /**
   * A second database: a new one through the management API on the engine; on the proxy, which
   * has one database only, the same one again.
   */
  createDatabase(name: string): Promise<DatabaseAccess>;
  /** A vector index through the management API (the same on both backends). */
  createVectorIndex(
    name: string,
    options: { readonly dimension: number; readonly embeddingModel?: string },
  ): Promise<DatabaseAccess>;
}

export interface BackendsOptions {
  /** Give the engine a `ManualClock` (libraries that read `Date` get it faked by the test). */
  readonly manualClock?: boolean;
}

const BACKENDS: readonly { name: BackendName; isSkipped: boolean }[] = [
  { name: "engine", isSkipped: false },
  { name: "redis-proxy", isSkipped: !shouldRunRedisTests() },
];

/** Runs `body` once per backend, with an emulator started before and closed after its tests. */
export function describeBackends(
  name: string,
  body: (target: () => LibraryTarget, backend: BackendName) => void,
  options: BackendsOptions = {},
): void {
  for (const { name: backend, isSkipped } of BACKENDS) {
    describe.skipIf(isSkipped)(`${name} (${backend})`, () => {
      let target: LibraryTarget | undefined;
      let redis: RedisServer | undefined;
      beforeAll(async () => {
        redis = backend === "redis-proxy" ? await RedisServer.start() : undefined;
        const clock =
          backend === "engine" && options.manualClock === true
            ? new ManualClock(Date.now())
            : undefined;
        target = await startTarget({ backend, redis, clock });
      });
      afterAll(async () => {
        await target?.emulator.close();
        await redis?.kill();
      });
      body(() => {
        if (target === undefined) {
          throw new Error("the emulator did not start");
        }
        return target;
      }, backend);
    });
  }
}

async function startTarget(options: {
  backend: BackendName;
  redis: RedisServer | undefined;
  clock: ManualClock | undefined;
}): Promise<LibraryTarget> {
  const emulator = await createEmulator({
    port: 0,
    respPort: null,
    token: TOKEN,
    email: EMAIL,
    apiKey: API_KEY,
    ...(options.redis === undefined ? {} : { redisUrl: options.redis.url() }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  return {
    backend: options.backend,
    emulator,
    url: emulator.url,
    token: TOKEN,
    clock: options.clock,
    createDatabase: async (name) => {
      if (options.backend === "redis-proxy") {
        return { url: emulator.url, token: TOKEN };
      }
      const record = await manage(emulator, "/redis/database", {
        database_name: name,
        platform: "aws",
        primary_region: "us-east-1",
      });
      return { url: String(record["rest_url"]), token: String(record["rest_token"]) };
    },
    createVectorIndex: async (name, index) => {
      const record = await manage(emulator, "/vector/index", {
        name,
        region: "eu-west-1",
        similarity_function: "COSINE",
        dimension_count: index.dimension,
        ...(index.embeddingModel === undefined ? {} : { embedding_model: index.embeddingModel }),
      });
      return { url: String(record["rest_url"]), token: String(record["token"]) };
    },
  };
}

/** A management API POST; its record, or a throw naming the status. */
async function manage(
  emulator: Emulator,
  path: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${emulator.managementUrl}${path}`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${EMAIL}:${API_KEY}`).toString("base64")}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });
  const record = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(record)}`);
  }
  return record;
}
