/**
 * Emulator snapshots: every store's state at one point in time, laid out as a data directory.
 * In a directory, a snapshot *is* a data directory (`stratus-emulator --data-dir DIR` serves it);
 * in a file, it is that directory as a tar archive. `snapshot load` puts either into a stopped
 * emulator's data directory, checking everything first, so a bad snapshot loads nothing.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { EmulatorError } from "../errors.ts";
import {
  DATA_DIR_AREAS,
  type DataDirArea,
  openDataDir,
  type StoreImage,
  writeStoreImages,
} from "../storage/index.ts";
import { decodeSnapshot } from "../storage/snapshot.ts";
import { readTar, type TarEntry, writeTar } from "./tar.ts";

/** A snapshot that cannot be saved or loaded: what and why. */
export class SnapshotError extends EmulatorError {
  constructor(message: string) {
    super("ERR_INVALID_OPTIONS", message);
  }
}

/** The files of a directory tree, paths relative to `root` with `/` separators. */
async function readTree(root: string): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  const walk = async (directory: string): Promise<void> => {
    for (const item of await readdir(directory, { withFileTypes: true })) {
      const path = join(directory, item.name);
      if (item.isDirectory()) {
        await walk(path);
      } else if (item.isFile()) {
        entries.push({
          path: relative(root, path).split(sep).join("/"),
          bytes: await readFile(path),
        });
      }
    }
  };
  await walk(root);
  return entries.sort((a, b) => a.path.localeCompare(b.path));
}

/** The images as a tar archive of the data directory they make. */
export async function archiveImages(
  images: readonly StoreImage[],
  options: { readonly nowMs: number },
): Promise<Uint8Array> {
  const temporary = await mkdtemp(join(tmpdir(), "stratus-snapshot-"));
  try {
    await writeStoreImages(temporary, images);
    return writeTar(await readTree(temporary), Math.floor(options.nowMs / 1000));
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

/**
 * The store files of a snapshot, checked: each lies in an area of a data directory and each
 * snapshot file passes its own checks (magic, version, length, checksum).
 */
function checkedFiles(entries: readonly TarEntry[], source: string): TarEntry[] {
  const files = entries.filter((entry) => !entry.path.endsWith("/"));
  if (files.length === 0) {
    throw new SnapshotError(`${source}: not an emulator snapshot (no store files)`);
  }
  for (const file of files) {
    const area = file.path.split("/", 1)[0] as DataDirArea;
    if (!DATA_DIR_AREAS.includes(area) || !/\.(\d+)\.(snapshot|log)$/.test(file.path)) {
      throw new SnapshotError(
        `${source}: "${file.path}" is not a store file of a data directory (areas: ${DATA_DIR_AREAS.join(", ")})`,
      );
    }
    if (file.path.endsWith(".snapshot")) {
      try {
        decodeSnapshot(file.bytes, file.path);
      } catch (error: unknown) {
        throw new SnapshotError(
          `${source}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
  return files;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Whether a target names a directory: an existing one, or a path ending in a separator. */
export async function isDirectoryTarget(path: string): Promise<boolean> {
  return path.endsWith("/") || path.endsWith(sep) || (await isDirectory(path));
}

async function writeFiles(root: string, files: readonly TarEntry[]): Promise<void> {
  for (const file of files) {
    const path = join(root, ...file.path.split("/"));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.bytes, { mode: 0o600 });
  }
}

/** Reads a snapshot from a tar file or a directory; its files are checked. */
export async function readSnapshot(source: string): Promise<TarEntry[]> {
  if (await isDirectory(source)) {
    return checkedFiles(
      (await readTree(source)).filter((entry) => entry.path.includes("/")),
      source,
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(source);
  } catch (error: unknown) {
    throw new SnapshotError(`${source}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return checkedFiles(readTar(bytes), source);
  } catch (error: unknown) {
    if (error instanceof SnapshotError) {
      throw error;
    }
    throw new SnapshotError(`${source}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Writes an archive where `target` says: extracted into a directory (which must be empty or
 * absent), or as the file itself.
 */
export async function writeSnapshot(target: string, archive: Uint8Array): Promise<void> {
  if (!(await isDirectoryTarget(target))) {
    await writeFile(target, archive, { mode: 0o600 });
    return;
  }
  if ((await isDirectory(target)) && (await readdir(target)).length > 0) {
    throw new SnapshotError(`${target}: the directory is not empty`);
  }
  await writeFiles(target, checkedFiles(readTar(archive), "the emulator's snapshot"));
}

/**
 * Loads a snapshot into the data directory `dataDir` while no emulator runs on it (its lock says
 * so). The directory must hold no store files yet, unless `force`, which deletes them first.
 */
export async function loadSnapshot(options: {
  readonly source: string;
  readonly dataDir: string;
  readonly force: boolean;
}): Promise<number> {
  const files = await readSnapshot(options.source);
  const dataDir = await openDataDir(options.dataDir);
  try {
    const existing = (
      await Promise.all(DATA_DIR_AREAS.map((area) => readTree(dataDir.areas[area])))
    ).flat();
    if (existing.length > 0 && !options.force) {
      throw new SnapshotError(
        `${dataDir.path} already holds data (${existing.length} files): load into an empty directory, or pass --force to replace it`,
      );
    }
    for (const area of DATA_DIR_AREAS) {
      await rm(dataDir.areas[area], { recursive: true, force: true });
      await mkdir(dataDir.areas[area], { recursive: true });
    }
    await writeFiles(dataDir.path, files);
    return files.length;
  } finally {
    await dataDir.close();
  }
}
