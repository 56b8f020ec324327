/**
 * Makes key-value databases beyond the default one (the management API's `POST /redis/database`
 * and `--config FILE`): each has its own embedded engine, persisted under
 * `<dataDir>/kv/<id>/` when there is a data directory, and reports its usage to the metrics
 * recorder under its URL name.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Clock } from "../engine/index.ts";
import type { UsageSink } from "../metrics/recorder.ts";
import type { RequestUsage } from "../metrics/usage.ts";
import type { FsyncPolicy } from "../storage/index.ts";
import { KvDatabase, type KvLimits } from "./database.ts";
import { openMemoryBackend } from "./memory/open-memory-backend.ts";

/** Where and how new databases live. */
export interface KvDatabaseFactoryOptions {
  readonly clock: Clock;
  /** The data directory's `kv` area; absent: databases are in memory. */
  readonly kvDirectory?: string | undefined;
  readonly fsync: FsyncPolicy;
  readonly limits: Partial<KvLimits>;
  readonly metrics?: UsageSink | undefined;
  readonly onError: (error: unknown) => void;
}

/** What to create. */
export interface KvDatabaseSpec {
  /** A stable id, naming its folder in the data directory. */
  readonly id: string;
  /** The name in its URL, `/redis/{name}`; also its metrics resource id. */
  readonly name: string;
  readonly token: string;
  readonly readOnlyToken: string;
}

/** A created database and how to stop it. */
export interface OwnedKvDatabase {
  readonly database: KvDatabase;
  /** Stops the engine, keeping its files. */
  close(): Promise<void>;
  /** Stops the engine and deletes its files. */
  destroy(): Promise<void>;
}

export type KvDatabaseFactory = (spec: KvDatabaseSpec) => Promise<OwnedKvDatabase>;

/**
 * Splits a request's usage into `read` and `write` samples (STYLE.md §7.6: read versus write comes
 * from command metadata). A mixed pipeline's latency counts for both kinds; its bytes once.
 */
export function kvUsageRecorder(
  sink: UsageSink | undefined,
  name: string,
): ((usage: RequestUsage) => void) | undefined {
  if (sink === undefined) {
    return undefined;
  }
  const resource = { kind: "redis", id: name } as const;
  return ({ reads, writes, requests, latencyMs, bytesIn, bytesOut }) => {
    if (writes > 0) {
      sink.record({ resource, op: "write", count: writes, requests, latencyMs, bytesIn, bytesOut });
    }
    if (reads > 0) {
      const isCounted = writes > 0;
      sink.record({
        resource,
        op: "read",
        count: reads,
        requests,
        latencyMs,
        bytesIn: isCounted ? 0 : bytesIn,
        bytesOut: isCounted ? 0 : bytesOut,
      });
    }
  };
}

/**
 * Keys in all logical databases of an embedded-engine database now, for the `keyspace` stats
 * series; 0 over a proxied Redis, whose keys the emulator does not count.
 */
export function kvKeyCount(database: KvDatabase): number {
  return database.backend.keyCount();
}

/** The engine's memory use for the database's data; undefined over a proxied Redis. */
export function kvMemoryBytes(database: KvDatabase): number | undefined {
  return database.backend.memoryBytes?.();
}

export function createKvDatabaseFactory(options: KvDatabaseFactoryOptions): KvDatabaseFactory {
  return async (spec) => {
    const directory =
      options.kvDirectory === undefined ? undefined : join(options.kvDirectory, spec.id);
    const opened = await openMemoryBackend({
      clock: options.clock,
      directory,
      fsync: options.fsync,
      onError: options.onError,
    });
    const onUsage = kvUsageRecorder(options.metrics, spec.name);
    const database = new KvDatabase({
      name: spec.name,
      backend: opened.backend,
      token: spec.token,
      readOnlyToken: spec.readOnlyToken,
      limits: options.limits,
      now: () => options.clock.now(),
      ...(onUsage === undefined ? {} : { onUsage }),
    });
    let closed: Promise<void> | undefined;
    const close = (): Promise<void> => {
      closed ??= opened.close();
      return closed;
    };
    return {
      database,
      close,
      destroy: async () => {
        await close();
        if (directory !== undefined) {
          await rm(directory, { recursive: true, force: true });
        }
      },
    };
  };
}
