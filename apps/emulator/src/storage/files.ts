/**
 * File names and low-level file operations shared by the log and the snapshot code.
 *
 * A store named `kv` keeps, in its directory:
 * - `kv.<gen>.snapshot`: the state after every record of logs `1..gen` was applied;
 * - `kv.<gen + 1>.log`: the records appended after that snapshot;
 * - `kv.<gen>.snapshot.tmp`: a snapshot being written; never read, deleted on open.
 * Without a snapshot the log is `kv.1.log` (an implicit, empty snapshot 0).
 *
 * @module
 */
import type { FileHandle } from "node:fs/promises";
import { open, readdir } from "node:fs/promises";
import { EmulatorError } from "../errors.ts";

/** The kinds of file a store owns. */
export type StoreFileKind = "log" | "snapshot" | "snapshot.tmp";

/** A file of a store, as found in its directory. */
export type StoreFile = {
  readonly fileName: string;
  readonly generation: number;
  readonly kind: StoreFileKind;
};

/**
 * Store names are restricted so that `<name>.<gen>.<kind>` parses back unambiguously and never
 * escapes the directory.
 */
const STORE_NAME = /^[a-z0-9][a-z0-9_-]*$/i;

const FILE_SUFFIX = /^(\d{1,15})\.(log|snapshot|snapshot\.tmp)$/;

/** Throws unless `name` can name a store's files (letters, digits, `-` and `_`). */
export function assertStoreName(name: string): void {
  if (!STORE_NAME.test(name)) {
    throw new EmulatorError(
      "ERR_INTERNAL",
      `Invalid store name ${JSON.stringify(name)}: use letters, digits, "-" and "_" only.`,
    );
  }
}

/** The file name of generation `generation` of `kind` for the store `name`. */
export function storeFileName(name: string, generation: number, kind: StoreFileKind): string {
  return `${name}.${generation}.${kind}`;
}

/** Every file of the store `name` in `directory`; other files are left alone. */
export async function listStoreFiles(directory: string, name: string): Promise<StoreFile[]> {
  const prefix = `${name}.`;
  const files: StoreFile[] = [];
  for (const fileName of await readdir(directory)) {
    if (!fileName.startsWith(prefix)) {
      continue;
    }
    const match = FILE_SUFFIX.exec(fileName.slice(prefix.length));
    if (match?.[1] !== undefined && match[2] !== undefined) {
      files.push({
        fileName,
        generation: Number(match[1]),
        kind: match[2] as StoreFileKind,
      });
    }
  }
  return files;
}

/**
 * Makes renames, creations and deletions in `directory` durable. fsync on a file covers its data,
 * not the directory entry that names it (fsync(2)), so a renamed snapshot or a new log could
 * vanish in a power loss without this.
 */
export async function syncDirectory(directory: string): Promise<void> {
  // Windows cannot open a directory for fsync; NTFS journals the metadata instead.
  if (process.platform === "win32") {
    return;
  }
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes `buffers` back to back at `position`. `writev` may write fewer bytes than asked (a full
 * disk, a signal), so it loops until everything is written or an error is thrown.
 */
export async function writeFully(
  handle: FileHandle,
  buffers: readonly Uint8Array[],
  position: number,
): Promise<void> {
  let queue = buffers;
  let offset = position;
  while (queue.length > 0) {
    const { bytesWritten } = await handle.writev(queue, offset);
    if (bytesWritten === 0 && queue.some((buffer) => buffer.byteLength > 0)) {
      // A zero-byte write of a non-empty buffer would loop forever; POSIX never does this.
      throw new EmulatorError("ERR_INTERNAL", "A write to the data directory made no progress.");
    }
    offset += bytesWritten;
    queue = dropWritten(queue, bytesWritten);
  }
}

/** What is left of `buffers` after their first `bytes` bytes were written. */
function dropWritten(buffers: readonly Uint8Array[], bytes: number): readonly Uint8Array[] {
  let remaining = bytes;
  let index = 0;
  while (index < buffers.length) {
    const buffer = buffers[index] as Uint8Array;
    if (remaining < buffer.byteLength) {
      const rest = buffers.slice(index);
      rest[0] = buffer.subarray(remaining);
      return rest;
    }
    remaining -= buffer.byteLength;
    index++;
  }
  return [];
}

/** Whether `error` is a Node system error with `code` (`ENOENT`, `EEXIST`, …). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && "code" in error && error.code === code;
}
