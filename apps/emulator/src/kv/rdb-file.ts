/**
 * RDB files (redis-server's `dump.rdb`, src/rdb.c): read into DUMP payloads, one per key, and
 * written from them. The value bodies are the engine's DUMP codecs' (`engine/dump`), which read
 * every encoding Redis 2.x–8 writes; this module adds the file around them: the `REDIS00NN`
 * header, aux fields, SELECTDB, RESIZEDB, expiry opcodes, LRU/LFU hints, EOF and the CRC64.
 */
import { DUMP_CODECS } from "../engine/dump/index.ts";
import {
  crc64,
  crc64Bytes,
  DEFAULT_DUMP_LIMITS,
  DumpFormatError,
  DumpReader,
  DumpWriter,
  framePayload,
  RDB_TYPE,
} from "../engine/dump-format.ts";

/** One key of an RDB file. Strings are binary strings (one char per byte), as `Argv`. */
export interface RdbEntry {
  readonly db: number;
  readonly key: string;
  /** Its DUMP payload (what RESTORE takes). */
  readonly payload: string;
  /** Absolute expiry, Unix ms. */
  readonly expiresAtMs: number | undefined;
}

/** A file that cannot be read: where and why. Nothing of it is loaded. */
export class RdbFileError extends Error {
  override readonly name = "RdbFileError";
  readonly offset: number;

  constructor(offset: number, cause: string) {
    super(`RDB file, offset ${offset}: ${cause}`);
    this.offset = offset;
  }
}

/** The newest RDB version read, and the one Redis 7.4 and 8 write. */
export const MAX_RDB_VERSION = 12;
/** What Redis 7.0 writes and reads (Debian 12's redis-server). */
export const RDB_VERSION_REDIS_7_0 = 10;

const OP = {
  FUNCTION_PRE_GA: 0xf5,
  FUNCTION2: 0xf6,
  FREQ: 0xf7,
  IDLE: 0xf8,
  MODULE_AUX: 0xf9,
  AUX: 0xfa,
  RESIZEDB: 0xfb,
  EXPIRETIME_MS: 0xfc,
  EXPIRETIME: 0xfd,
  SELECTDB: 0xfe,
  EOF: 0xff,
} as const;

/** Object types Redis 7.0 (RDB 10) knows: up to STREAM_LISTPACKS_2. */
const MAX_TYPE_RDB_10 = 19;
const RDB_TYPE_SET_LISTPACK = 20;

/** Reads the whole file; throws {@link RdbFileError} naming the offset of the first problem. */
export function parseRdb(bytes: Uint8Array): RdbEntry[] {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  if (!/^REDIS\d{4}/.test(data)) {
    throw new RdbFileError(0, 'not an RDB file (it does not start with "REDIS" and a version)');
  }
  const version = Number(data.slice(5, 9));
  if (version < 1 || version > MAX_RDB_VERSION) {
    throw new RdbFileError(5, `RDB version ${version} is not supported (1 to ${MAX_RDB_VERSION})`);
  }
  const reader = new DumpReader(data);
  reader.raw(9);
  const entries: RdbEntry[] = [];
  let db = 0;
  let expiresAtMs: number | undefined;
  const at = (cause: string, offset = reader.offset): never => {
    throw new RdbFileError(offset, cause);
  };
  try {
    for (;;) {
      const opcodeAt = reader.offset;
      const opcode = reader.byte();
      switch (opcode) {
        case OP.EOF: {
          const end = reader.offset;
          if (version >= 5 && !reader.isAtEnd) {
            const stored = reader.raw(8);
            // A zero checksum means the writer ran with `rdbchecksum no`.
            if (stored !== "\0".repeat(8) && stored !== crc64Bytes(crc64(data.slice(0, end)))) {
              at("the CRC64 checksum does not match: the file is corrupt", end);
            }
          }
          return entries;
        }
        case OP.AUX:
          reader.string();
          reader.string();
          break;
        case OP.RESIZEDB:
          reader.length();
          reader.length();
          break;
        case OP.SELECTDB:
          db = reader.length();
          break;
        case OP.EXPIRETIME_MS:
          expiresAtMs = reader.millisecondTime();
          break;
        case OP.EXPIRETIME: {
          let seconds = 0;
          for (let i = 0; i < 4; i++) {
            seconds += reader.byte() * 2 ** (8 * i);
          }
          expiresAtMs = seconds * 1000;
          break;
        }
        case OP.IDLE:
          reader.length();
          break;
        case OP.FREQ:
          reader.byte();
          break;
        case OP.MODULE_AUX:
          at("module auxiliary data is not supported", opcodeAt);
          break;
        case OP.FUNCTION2:
        case OP.FUNCTION_PRE_GA:
          at("Redis functions are not supported (FUNCTION LOAD them separately)", opcodeAt);
          break;
        default: {
          const key = reader.string();
          const bodyAt = reader.offset;
          readValueBody(reader, opcode, { key, opcodeAt });
          const object = String.fromCharCode(opcode) + data.slice(bodyAt, reader.offset);
          entries.push({ db, key, payload: framePayload(object), expiresAtMs });
          expiresAtMs = undefined;
        }
      }
    }
  } catch (error: unknown) {
    if (error instanceof DumpFormatError) {
      throw new RdbFileError(reader.offset, error.message);
    }
    throw error;
  }
}

/** Reads past one value body of `rdbType`, checking it with the engine's codecs. */
function readValueBody(
  reader: DumpReader,
  rdbType: number,
  context: { key: string; opcodeAt: number },
): void {
  if (rdbType === RDB_TYPE.STRING) {
    reader.string();
    return;
  }
  const codec = DUMP_CODECS.forRdbType(rdbType);
  if (codec === undefined) {
    throw new RdbFileError(
      context.opcodeAt,
      `key "${context.key}": value type ${rdbType} is not supported (a module type?)`,
    );
  }
  try {
    codec.deserialize(reader, rdbType, DEFAULT_DUMP_LIMITS);
  } catch (error: unknown) {
    if (error instanceof DumpFormatError) {
      throw new RdbFileError(reader.offset, `key "${context.key}": ${error.message}`);
    }
    throw error;
  }
}

/** One key for {@link writeRdb}: its DUMP payload, or a set's members for RDB 10. */
export interface RdbWriteEntry extends RdbEntry {
  /** A set's members, needed when `version` is 10 and DUMP wrote a listpack set (type 20). */
  readonly setMembers?: readonly string[];
}

/**
 * Writes an RDB file of `version` (12 for Redis 7.4+, 10 for Redis 7.0). For RDB 10, listpack
 * sets are written as plain sets; types RDB 10 lacks (hash field expirations, streams of RDB 12)
 * throw, naming the key.
 */
export function writeRdb(
  entries: readonly RdbWriteEntry[],
  options: { readonly version: number },
): Uint8Array {
  const { version } = options;
  const writer = new DumpWriter();
  writer.raw(`REDIS${String(version).padStart(4, "0")}`);
  const aux = (name: string, value: string): void => {
    writer.byte(OP.AUX);
    writer.string(name);
    writer.string(value);
  };
  aux("redis-ver", version >= 12 ? "7.4.0" : "7.0.0");
  aux("redis-bits", "64");
  const byDb = new Map<number, RdbWriteEntry[]>();
  for (const entry of entries) {
    byDb.set(entry.db, [...(byDb.get(entry.db) ?? []), entry]);
  }
  for (const [db, list] of [...byDb].sort(([a], [b]) => a - b)) {
    writer.byte(OP.SELECTDB);
    writer.length(db);
    writer.byte(OP.RESIZEDB);
    writer.length(list.length);
    writer.length(list.filter((entry) => entry.expiresAtMs !== undefined).length);
    for (const entry of list) {
      if (entry.expiresAtMs !== undefined) {
        writer.byte(OP.EXPIRETIME_MS);
        writer.millisecondTime(entry.expiresAtMs);
      }
      writeObject(writer, entry, version);
    }
  }
  writer.byte(OP.EOF);
  const body = writer.toString();
  return Buffer.from(body + crc64Bytes(crc64(body)), "latin1");
}

function writeObject(writer: DumpWriter, entry: RdbWriteEntry, version: number): void {
  const object = entry.payload.slice(0, -10);
  const rdbType = object.charCodeAt(0);
  if (version <= RDB_VERSION_REDIS_7_0 && rdbType > MAX_TYPE_RDB_10) {
    if (rdbType === RDB_TYPE_SET_LISTPACK && entry.setMembers !== undefined) {
      writer.byte(RDB_TYPE.SET);
      writer.string(entry.key);
      writer.length(entry.setMembers.length);
      for (const member of entry.setMembers) {
        writer.string(member);
      }
      return;
    }
    throw new RdbFileError(
      0,
      `key "${entry.key}": its value (RDB type ${rdbType}) needs RDB ${MAX_RDB_VERSION} (Redis 7.4+); write version ${MAX_RDB_VERSION}`,
    );
  }
  writer.byte(rdbType);
  writer.string(entry.key);
  writer.raw(object.slice(1));
}

/** Whether a DUMP payload is a listpack set, which RDB 10 writes as a plain set. */
export function isListpackSet(payload: string): boolean {
  return payload.charCodeAt(0) === RDB_TYPE_SET_LISTPACK;
}
