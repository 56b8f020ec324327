/**
 * SAVE and BGSAVE of an embedded database with a data directory: the whole keyspace as an RDB
 * file at `CONFIG GET dir` / `dbfilename` (the database's `kv` folder, `dump.rdb`), as redis-server
 * writes it (src/rdb.c rdbSave: a temp file renamed over the old one, so a crash never leaves half
 * a file under the name).
 *
 * The file is RDB 10 (what Redis 7.0 reads; every later Redis reads it too) unless a value needs
 * RDB 12 (a stream, a hash with field expirations), so a plain dataset loads into the oldest
 * redis-server 7.x. The engine is synchronous, so the file is one point in time.
 */
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DUMP_CODECS } from "../../engine/dump/index.ts";
import { dumpLimits, dumpValue } from "../../engine/dump-format.ts";
import type { Engine } from "../../engine/index.ts";
import {
  isListpackSet,
  MAX_RDB_VERSION,
  RDB_VERSION_REDIS_7_0,
  RdbFileError,
  type RdbWriteEntry,
  writeRdb,
} from "../rdb-file.ts";

/** Every live key of every logical database, with its members when RDB 10 needs them. */
function rdbEntries(engine: Engine): RdbWriteEntry[] {
  const limits = dumpLimits(engine.config);
  const entries: RdbWriteEntry[] = [];
  for (const db of engine.databases) {
    for (const key of db.keys()) {
      const value = db.get(key);
      const payload =
        value === undefined ? undefined : dumpValue(value, { codecs: DUMP_CODECS, limits });
      if (value === undefined || payload === undefined) {
        continue;
      }
      const entry = { db: db.index, key, payload, expiresAtMs: db.expiresAt(key) };
      entries.push(
        typeof value !== "string" && value.type === "set" && isListpackSet(payload)
          ? { ...entry, setMembers: value.members }
          : entry,
      );
    }
  }
  return entries;
}

/** The keyspace as RDB bytes: version 10 when every value fits it, else 12. */
export function engineToRdb(engine: Engine): Uint8Array {
  const entries = rdbEntries(engine);
  try {
    return writeRdb(entries, { version: RDB_VERSION_REDIS_7_0 });
  } catch (error: unknown) {
    if (error instanceof RdbFileError) {
      return writeRdb(entries, { version: MAX_RDB_VERSION });
    }
    throw error;
  }
}

/** Writes the keyspace to `CONFIG GET dir` / `dbfilename`. */
export function saveRdbFile(engine: Engine): void {
  const path = join(engine.config.value("dir"), engine.config.value("dbfilename"));
  const temporary = `${path}.temp-${process.pid}`;
  writeFileSync(temporary, engineToRdb(engine));
  renameSync(temporary, path);
}
