/**
 * RDB import and export through a backend's commands (`kv/rdb-file.ts` for the file): import is
 * RESTORE … REPLACE ABSTTL per key (so every key goes through the engine's checks and its
 * append-only log), export is SCAN, DUMP and PEXPIRETIME per logical database. Both work on the
 * embedded engine and on a proxied Redis alike.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import { bytesToBinary } from "./argv.ts";
import type { KvBackend, KvSession } from "./backend.ts";
import {
  isListpackSet,
  parseRdb,
  RDB_VERSION_REDIS_7_0,
  type RdbEntry,
  type RdbWriteEntry,
  writeRdb,
} from "./rdb-file.ts";

/** Logical databases scanned on export (Redis's default `databases`). */
const LOGICAL_DATABASES = 16;
/** How often progress is told, in keys. */
const PROGRESS_EVERY = 10_000;

export interface RdbProgress {
  readonly done: number;
  readonly total: number;
}

/** A command the transfer needed failed. */
export class RdbTransferError extends Error {
  override readonly name = "RdbTransferError";
}

function openSession(backend: KvBackend): KvSession {
  return backend.openSession({
    caller: { isReadOnly: false, address: "0.0.0.0:0" },
    onPush: () => undefined,
  });
}

async function run(session: KvSession, argv: readonly string[]): Promise<Resp2Value> {
  const reply = await session.execute([...argv]);
  if (reply.kind === "error") {
    throw new RdbTransferError(`${argv[0]} ${argv[1] ?? ""}: ${reply.message}`);
  }
  return reply;
}

function text(reply: Resp2Value): string {
  return reply.kind === "bulk" ? bytesToBinary(reply.value) : "";
}

/**
 * Loads an RDB file into `backend`: the whole file is read and checked first (a corrupt file
 * loads nothing and throws `RdbFileError` naming the offset), then each key is restored,
 * replacing a key of the same name. Resolves with the number of keys read.
 */
export async function importRdb(
  backend: KvBackend,
  bytes: Uint8Array,
  onProgress?: (progress: RdbProgress) => void,
): Promise<number> {
  const entries = parseRdb(bytes);
  const session = openSession(backend);
  try {
    let db = -1;
    for (const [done, entry] of entries.entries()) {
      if (entry.db !== db) {
        db = entry.db;
        await run(session, ["SELECT", String(db)]);
      }
      await run(session, [
        "RESTORE",
        entry.key,
        String(entry.expiresAtMs ?? 0),
        entry.payload,
        "REPLACE",
        ...(entry.expiresAtMs === undefined ? [] : ["ABSTTL"]),
      ]);
      if ((done + 1) % PROGRESS_EVERY === 0) {
        onProgress?.({ done: done + 1, total: entries.length });
      }
    }
    onProgress?.({ done: entries.length, total: entries.length });
    return entries.length;
  } finally {
    session.close();
  }
}

/**
 * Writes every key of `backend` (all logical databases) as an RDB file of `version`: 12 for Redis
 * 7.4 and later, 10 for Redis 7.0.
 */
export async function exportRdb(
  backend: KvBackend,
  options: { version: number },
): Promise<Uint8Array> {
  const session = openSession(backend);
  const entries: RdbWriteEntry[] = [];
  try {
    for (let db = 0; db < LOGICAL_DATABASES; db++) {
      const selected = await session.execute(["SELECT", String(db)]);
      if (selected.kind === "error") {
        break;
      }
      let cursor = "0";
      do {
        const page = await run(session, ["SCAN", cursor, "COUNT", "1000"]);
        if (page.kind !== "array") {
          throw new RdbTransferError("SCAN did not answer an array");
        }
        const [next, keys] = page.items;
        cursor = next === undefined ? "0" : text(next);
        for (const item of keys?.kind === "array" ? keys.items : []) {
          const entry = await exportKey(session, { db, key: text(item), version: options.version });
          if (entry !== undefined) {
            entries.push(entry);
          }
        }
      } while (cursor !== "0");
    }
  } finally {
    session.close();
  }
  return writeRdb(entries, options);
}

async function exportKey(
  session: KvSession,
  { db, key, version }: { db: number; key: string; version: number },
): Promise<RdbWriteEntry | undefined> {
  const dumped = await run(session, ["DUMP", key]);
  if (dumped.kind !== "bulk") {
    return undefined; // expired or deleted since SCAN saw it
  }
  const payload = bytesToBinary(dumped.value);
  const expiry = await run(session, ["PEXPIRETIME", key]);
  const expiresAtMs =
    expiry.kind === "integer" && expiry.value >= 0n ? Number(expiry.value) : undefined;
  const entry: RdbEntry = { db, key, payload, expiresAtMs };
  if (version <= RDB_VERSION_REDIS_7_0 && isListpackSet(payload)) {
    const members = await run(session, ["SMEMBERS", key]);
    return {
      ...entry,
      setMembers: members.kind === "array" ? members.items.map(text) : [],
    };
  }
  return entry;
}
