/**
 * A store's whole state as one snapshot, and writing such states into a data directory: what an
 * emulator snapshot is made of (`snapshot/`). Each owner encodes its state with the codec its own
 * compaction uses, so a data directory written from images opens exactly as one the owner wrote.
 */
import { join } from "node:path";
import type { DataDirArea } from "./data-dir.ts";
import { openStore } from "./store.ts";

/** An owner's state now: what it would pass to `Store.snapshot` when compacting. */
export interface StoreState {
  /** The store's name in its folder (`engine`, `vector`, …). */
  readonly name: string;
  readonly state: Uint8Array;
}

/** A {@link StoreState} with its place in a data directory. */
export interface StoreImage extends StoreState {
  readonly area: DataDirArea;
  /** A folder below the area (a created database's id), or "" for the area itself. */
  readonly folder: string;
}

/**
 * Writes each image as its store's snapshot under `root` (a data directory not in use), fsynced:
 * afterwards an emulator opened on `root` starts from exactly these states.
 */
export async function writeStoreImages(root: string, images: readonly StoreImage[]): Promise<void> {
  for (const image of images) {
    const store = await openStore({
      dataDir: join(root, image.area, image.folder),
      name: image.name,
      fsync: "always",
    });
    try {
      await store.load();
      await store.snapshot(image.state);
    } finally {
      await store.close();
    }
  }
}
