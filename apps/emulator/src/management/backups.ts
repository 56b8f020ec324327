/**
 * Backups of key-value databases (`spec/management-api.md` §3.1: list, create, delete and restore
 * backup). A backup is taken through the `KvBackend` interface, like any client would: `SCAN` the
 * keys, then `DUMP` and `PTTL` each, so it works on the embedded engine and a proxied Redis alike.
 * A restore replaces the database's contents in one `MULTI` (`FLUSHDB` + `RESTORE … REPLACE`), so
 * readers never see a half-restored database, and the engine's log records it like any write.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import { bytesToBinary } from "../kv/argv.ts";
import type { Argv, KvBackend, KvCaller } from "../kv/backend.ts";

/** One key of a backup. */
export interface BackupEntry {
  readonly key: Uint8Array;
  /** `DUMP`'s serialized value. */
  readonly dump: Uint8Array;
  /** When the key expires, Unix milliseconds; undefined for a key without a TTL. */
  readonly expiresAtMs: number | undefined;
}

/** Management's own caller: it may write, and MONITOR shows it as a local client. */
const MANAGEMENT_CALLER: KvCaller = { isReadOnly: false, address: "127.0.0.1:0" };
/** Keys read per `SCAN` round trip and per `DUMP` pipeline. */
const SCAN_BATCH = 500;

/** Command names and numbers are ASCII, their own binary strings; keys and dumps are bytes. */
const argv = (...parts: (string | Uint8Array)[]): Argv =>
  parts.map((part) => (typeof part === "string" ? part : bytesToBinary(part)));

function failure(value: Resp2Value): Error | undefined {
  return value.kind === "error" ? new Error(`backup failed: ${value.message}`) : undefined;
}

/** Reads every key of the database (logical database 0, the one REST serves). */
export async function takeBackup(backend: KvBackend, nowMs: number): Promise<BackupEntry[]> {
  const entries: BackupEntry[] = [];
  let cursor = "0";
  do {
    const reply = await backend.execute(
      argv("SCAN", cursor, "COUNT", String(SCAN_BATCH)),
      MANAGEMENT_CALLER,
    );
    if (reply.kind !== "array" || reply.items.length !== 2) {
      throw failure(reply) ?? new Error("backup failed: unexpected SCAN reply");
    }
    const [next, keys] = reply.items;
    cursor = next?.kind === "bulk" ? new TextDecoder().decode(next.value) : "0";
    const names = keys?.kind === "array" ? keys.items : [];
    const replies = await backend.pipeline(
      names.flatMap((name) =>
        name.kind === "bulk" ? [argv("DUMP", name.value), argv("PTTL", name.value)] : [],
      ),
      MANAGEMENT_CALLER,
    );
    for (const [index, name] of names.entries()) {
      const dump = replies[2 * index];
      const ttl = replies[2 * index + 1];
      // A key that expired or was deleted between SCAN and DUMP is simply not in the backup.
      if (name.kind !== "bulk" || dump?.kind !== "bulk" || ttl?.kind !== "integer") {
        continue;
      }
      entries.push({
        key: name.value,
        dump: dump.value,
        expiresAtMs: ttl.value < 0n ? undefined : nowMs + Number(ttl.value),
      });
    }
  } while (cursor !== "0");
  return entries;
}

/** Replaces the database's contents with `entries`, atomically; keys already expired are left out. */
export async function restoreBackup(
  backend: KvBackend,
  entries: readonly BackupEntry[],
  nowMs: number,
): Promise<void> {
  const commands: Argv[] = [argv("FLUSHDB")];
  for (const entry of entries) {
    const ttlMs = entry.expiresAtMs === undefined ? 0 : entry.expiresAtMs - nowMs;
    if (ttlMs < 0 || (entry.expiresAtMs !== undefined && ttlMs === 0)) {
      continue;
    }
    commands.push(argv("RESTORE", entry.key, String(ttlMs), entry.dump, "REPLACE"));
  }
  const result = await backend.transaction(commands, MANAGEMENT_CALLER);
  if (result.status === "discarded") {
    throw new Error(`restore failed: ${result.error}`);
  }
  for (const reply of result.replies) {
    const error = failure(reply);
    if (error !== undefined) {
      throw error;
    }
  }
}

/** Bytes a backup holds, for `backup_size`. */
export function backupSize(entries: readonly BackupEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.key.byteLength + entry.dump.byteLength, 0);
}
