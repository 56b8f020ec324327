/**
 * Writes the connection file (`@stratus/core/schemas` `CONNECTION_FILE_NAME`) into the data
 * directory of a running emulator, so `stratus-tui` started beside it finds the URLs and
 * credentials by itself; removes it on a clean stop. Owner-only (0600): it holds tokens.
 */
import { rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CONNECTION_FILE_NAME, type ConnectionDetails } from "@stratus/core/schemas";

/** Writes the file (atomically: a reader never sees half of it); resolves with its path. */
export async function writeConnectionFile(details: ConnectionDetails): Promise<string | undefined> {
  if (details.dataDir === null) {
    return undefined;
  }
  const path = join(details.dataDir, CONNECTION_FILE_NAME);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(details, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, path);
  return path;
}

/** Removes the file written by {@link writeConnectionFile}. */
export async function removeConnectionFile(path: string | undefined): Promise<void> {
  if (path !== undefined) {
    await rm(path, { force: true });
  }
}
