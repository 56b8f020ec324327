/**
 * What an emulator snapshot holds: every owner's state as its store would snapshot it, taken in
 * one synchronous pass. Nothing else runs meanwhile (one event loop), so the images are one point
 * in time across every database, index, queue and management record.
 */
import type { KvDatabase } from "../kv/database.ts";
import type { PersistentMetrics } from "../management/metrics-store.ts";
import type { ManagementService } from "../management/service.ts";
import type { QueueService } from "../queues/service.ts";
import type { SearchService } from "../search/service.ts";
import type { DataDirArea, StoreImage, StoreState } from "../storage/index.ts";
import type { VectorService } from "../vector/service.ts";
import { SnapshotError } from "./archive.ts";

export interface SnapshotSources {
  /** The database the emulator serves at its root (its engine lives at the `kv` area's top). */
  readonly defaultDatabase: KvDatabase;
  /** Databases the management API created, in `kv/{id}`, records, tokens and backups. */
  readonly management: ManagementService;
  readonly vector: VectorService;
  readonly search: SearchService;
  readonly metrics: PersistentMetrics;
  readonly queues: QueueService;
}

function image(state: StoreState, area: DataDirArea, folder = ""): StoreImage {
  return { ...state, area, folder };
}

function kvImage(database: KvDatabase, folder: string): StoreImage {
  const state = database.backend.storeState?.();
  if (state === undefined) {
    throw new SnapshotError(
      `database "${database.name}" is a proxied Redis (--redis-url): its data lives in that Redis, so a snapshot cannot hold it; use that Redis's own persistence, or stratus-emulator export`,
    );
  }
  return image(state, "kv", folder);
}

/** Every store's state now. */
export function captureImages(sources: SnapshotSources): StoreImage[] {
  return [
    kvImage(sources.defaultDatabase, ""),
    ...[...sources.management.databases.liveDatabases()].map(([id, database]) =>
      kvImage(database, id),
    ),
    image(sources.vector.storeState(), "vector"),
    image(sources.search.storeState(), "search"),
    ...sources.management.storeStates().map((state) => image(state, "management")),
    image(sources.metrics.storeState(), "metrics"),
    image(sources.queues.storeState(), "queues"),
  ];
}
