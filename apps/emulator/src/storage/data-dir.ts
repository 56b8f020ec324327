/**
 * The data directory: one folder per state owner and a `LOCK` file, so that two emulators never
 * write the same files (STYLE.md §7.5).
 *
 * ```
 * <dataDir>/
 *   LOCK          pid of the emulator using the directory
 *   kv/ vector/ search/ management/ metrics/
 * ```
 *
 * @module
 */
import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { EmulatorError } from "../errors.ts";
import { hasErrorCode } from "./files.ts";

/** The folders of a data directory, one per owner of durable state. */
export const DATA_DIR_AREAS = [
  "kv",
  "vector",
  "search",
  "management",
  "metrics",
  "queues",
] as const;

/** One of {@link DATA_DIR_AREAS}. */
export type DataDirArea = (typeof DATA_DIR_AREAS)[number];

/** The name of the lock file in a data directory. */
export const LOCK_FILE_NAME = "LOCK";

/** An open, locked data directory. */
export type DataDir = {
  /** Absolute path of the data directory. */
  readonly path: string;
  /** Absolute path of each owner's folder; pass one as `openStore({ dataDir })`. */
  readonly areas: Readonly<Record<DataDirArea, string>>;
  /** Releases the lock. Close the stores first. Idempotent. */
  close(): Promise<void>;
  /** {@link DataDir.close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
};

/**
 * Lock files this process holds. The pid alone cannot tell "held by this process" from "left by
 * an earlier process that had the same pid" (an emulator that is pid 1 in a container, restarted).
 */
const heldLocks = new Set<string>();

/**
 * Opens the data directory at `path`, creating it and its folders, and takes its lock.
 *
 * A lock left by a process that no longer runs is taken over.
 *
 * @throws {EmulatorError} `ERR_DATA_DIR_LOCKED` (with the holder's pid) when a running process
 *   holds the lock, including another data directory opened on `path` by this process.
 */
export async function openDataDir(path: string): Promise<DataDir> {
  const root = resolve(path);
  await mkdir(root, { recursive: true });
  const lockPath = join(root, LOCK_FILE_NAME);
  await acquireLock(root, lockPath);
  heldLocks.add(lockPath);
  try {
    const areas = {} as Record<DataDirArea, string>;
    for (const area of DATA_DIR_AREAS) {
      areas[area] = join(root, area);
      await mkdir(areas[area], { recursive: true });
    }
    let closing: Promise<void> | undefined;
    const close = (): Promise<void> => {
      closing ??= releaseLock(lockPath);
      return closing;
    };
    return { path: root, areas, close, [Symbol.asyncDispose]: close };
  } catch (error: unknown) {
    await releaseLock(lockPath);
    throw error;
  }
}

/**
 * Creates `LOCK` holding our pid. The file is written under a temporary name and hard-linked into
 * place: `link` fails if `LOCK` exists, so, unlike `open(…, "wx")` followed by a write, no one
 * ever reads a `LOCK` that exists but has no pid yet.
 */
async function acquireLock(root: string, lockPath: string): Promise<void> {
  // Three rounds cover a stale lock taken over, or a holder that exits while we look.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await tryCreateLock(lockPath)) {
      return;
    }
    const holder = await readLockHolder(lockPath);
    if (holder !== undefined && isLockHolderAlive(holder, lockPath)) {
      throw new EmulatorError(
        "ERR_DATA_DIR_LOCKED",
        `Data directory ${root} is in use by process ${holder} (${lockPath}). ` +
          "Stop that emulator or use another data directory; if no emulator is running, " +
          `delete ${lockPath}.`,
      );
    }
    // Stale: its process is gone (or the file holds no pid). Two processes taking over the same
    // stale lock at the same instant could both succeed; starting two emulators on one directory
    // within microseconds of a crash is not a case worth a lock server.
    await rm(lockPath, { force: true });
  }
  throw new EmulatorError(
    "ERR_DATA_DIR_LOCKED",
    `Could not take ${lockPath}: other processes keep creating it. Is another emulator starting?`,
  );
}

async function tryCreateLock(lockPath: string): Promise<boolean> {
  const temporaryPath = `${lockPath}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporaryPath, `${process.pid}\n`);
  try {
    await link(temporaryPath, lockPath);
    return true;
  } catch (error: unknown) {
    if (hasErrorCode(error, "EEXIST")) {
      return false;
    }
    if (!["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"].some((code) => hasErrorCode(error, code))) {
      throw error;
    }
    // A file system without hard links (FAT, some network shares): exclusive create instead.
    return createExclusive(lockPath);
  } finally {
    await rm(temporaryPath, { force: true });
  }
}

async function createExclusive(lockPath: string): Promise<boolean> {
  try {
    await writeFile(lockPath, `${process.pid}\n`, { flag: "wx" });
    return true;
  } catch (error: unknown) {
    if (hasErrorCode(error, "EEXIST")) {
      return false;
    }
    throw error;
  }
}

/** The pid in the lock file; `undefined` if the file vanished or holds no pid. */
async function readLockHolder(lockPath: string): Promise<number | undefined> {
  let text: string;
  try {
    text = await readFile(lockPath, "utf8");
  } catch (error: unknown) {
    if (hasErrorCode(error, "ENOENT")) {
      return undefined;
    }
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

function isLockHolderAlive(pid: number, lockPath: string): boolean {
  if (pid === process.pid) {
    return heldLocks.has(lockPath);
  }
  try {
    // Signal 0 checks that the process exists without signalling it.
    process.kill(pid, 0);
    return true;
  } catch (error: unknown) {
    // EPERM: it exists but belongs to another user.
    return hasErrorCode(error, "EPERM");
  }
}

async function releaseLock(lockPath: string): Promise<void> {
  heldLocks.delete(lockPath);
  // Never delete a lock that a later process took over after this one was judged stale.
  if ((await readLockHolder(lockPath)) === process.pid) {
    await rm(lockPath, { force: true });
  }
}
