/**
 * The engine's codec for the storage log (STYLE.md §7.5): each record is one write unit (a command,
 * a transaction, a script) as the effects it had, so replay is deterministic and a crash never
 * replays half a transaction.
 *
 * Record layout: varint effect count, then per effect: varint db, varint argc, and per argument a
 * varint length and its bytes.
 *
 * Snapshots (log compaction) hold every live key as its DUMP payload (`dump-format.ts`), so the
 * format is the one DUMP/RESTORE already check: per key a varint db, the key, the absolute expiry
 * in ms as decimal text (empty for none) and the payload, each length-prefixed. The search indexes'
 * definitions and aliases follow as one entry in the pseudo-database {@link SEARCH_STATE_DB} (their
 * contents are not stored: they are rebuilt from the keys on first use).
 */
import { binaryToUtf8, isStringTooLongError, utf8ToBinary } from "./bytes.ts";
import { DUMP_CODECS } from "./dump/index.ts";
import { type DumpLimits, dumpLimits, dumpValue, restoreValue } from "./dump-format.ts";
import type { Effect, Engine } from "./engine.ts";
import type { StoredValue } from "./values/types.ts";

/** The snapshot entry holding the search indexes' definitions: no real database has this number. */
export const SEARCH_STATE_DB = 0xffff;

function varintSize(value: number): number {
  let size = 1;
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) {
    size++;
  }
  return size;
}

function writeVarint(buffer: Buffer, offset: number, value: number): number {
  let rest = value;
  let at = offset;
  while (rest >= 0x80) {
    buffer[at++] = (rest & 0x7f) | 0x80;
    rest >>>= 7;
  }
  buffer[at++] = rest;
  return at;
}

/** Encodes one write unit. */
export function encodeEffects(effects: readonly Effect[]): Uint8Array {
  let size = varintSize(effects.length);
  for (const effect of effects) {
    size += varintSize(effect.db) + varintSize(effect.argv.length);
    for (const arg of effect.argv) {
      size += varintSize(arg.length) + arg.length;
    }
  }
  const buffer = Buffer.allocUnsafe(size);
  let offset = writeVarint(buffer, 0, effects.length);
  for (const effect of effects) {
    offset = writeVarint(buffer, offset, effect.db);
    offset = writeVarint(buffer, offset, effect.argv.length);
    for (const arg of effect.argv) {
      offset = writeVarint(buffer, offset, arg.length);
      offset += buffer.write(arg, offset, "latin1");
    }
  }
  return buffer;
}

/** Thrown when a record does not decode: the storage layer's CRC passed, so this is a bug or a foreign file. */
export class EffectRecordError extends Error {
  override readonly name = "EffectRecordError";
}

class Reader {
  readonly #bytes: Buffer;
  #offset = 0;

  constructor(bytes: Uint8Array) {
    this.#bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  varint(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = this.#bytes[this.#offset++];
      if (byte === undefined) {
        throw new EffectRecordError("effect record ends inside a number");
      }
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) {
        return value;
      }
    }
    throw new EffectRecordError("effect record has an over-long number");
  }

  string(length: number): string {
    if (this.#offset + length > this.#bytes.length) {
      throw new EffectRecordError("effect record ends inside an argument");
    }
    const text = this.#bytes.toString("latin1", this.#offset, this.#offset + length);
    this.#offset += length;
    return text;
  }

  get isAtEnd(): boolean {
    return this.#offset === this.#bytes.length;
  }
}

/** Decodes one write unit. */
export function decodeEffects(bytes: Uint8Array): Effect[] {
  const reader = new Reader(bytes);
  const effects: Effect[] = [];
  const count = reader.varint();
  for (let i = 0; i < count; i++) {
    const db = reader.varint();
    const argc = reader.varint();
    const argv: string[] = [];
    for (let j = 0; j < argc; j++) {
      argv.push(reader.string(reader.varint()));
    }
    effects.push({ db, argv });
  }
  if (!reader.isAtEnd) {
    throw new EffectRecordError("effect record has trailing bytes");
  }
  return effects;
}

/**
 * Applies logged effects to `engine` (which must not be logging: pass no `onEffects` while
 * replaying). An effect that fails means the log and the engine disagree: that is refused loudly.
 */
export function replayEffects(engine: Engine, effects: readonly Effect[]): void {
  const session = engine.createSession({ address: "replay:0", isStateless: true });
  try {
    for (const effect of effects) {
      session.dbIndex = effect.db;
      const result = engine.execute(effect.argv, session);
      if (result.kind === "error") {
        throw new EffectRecordError(`replaying ${effect.argv[0] ?? "?"} failed: ${result.message}`);
      }
    }
  } finally {
    engine.closeSession(session);
  }
}

/** Appends length-prefixed binary strings to a growing list of chunks. */
class ChunkWriter {
  readonly chunks: Buffer[] = [];

  varint(value: number): void {
    const buffer = Buffer.allocUnsafe(varintSize(value));
    writeVarint(buffer, 0, value);
    this.chunks.push(buffer);
  }

  string(value: string): void {
    this.varint(value.length);
    this.chunks.push(Buffer.from(value, "latin1"));
  }
}

/**
 * The whole keyspace as a snapshot, or undefined when some value's type cannot be dumped yet, or
 * its payload would be longer than a string can be (the log then simply keeps growing: correctness
 * over compaction).
 */
export function encodeSnapshot(engine: Engine): Uint8Array | undefined {
  const writer = new ChunkWriter();
  const limits = dumpLimits(engine.config);
  for (const db of engine.databases) {
    for (const key of db.keys()) {
      const value = db.get(key);
      if (value === undefined) {
        continue;
      }
      const payload = dumpPayload(value, limits);
      if (payload === undefined) {
        return undefined;
      }
      const expiresAt = db.expiresAt(key);
      writer.varint(db.index);
      writer.string(key);
      writer.string(expiresAt === undefined ? "" : String(expiresAt));
      writer.string(payload);
    }
  }
  if (engine.search.hasState) {
    writer.varint(SEARCH_STATE_DB);
    writer.string("");
    writer.string("");
    writer.string(utf8ToBinary(engine.search.exportState()));
  }
  return Buffer.concat(writer.chunks);
}

/**
 * The value's DUMP payload, or undefined when it has none: a type without a codec yet, or a value
 * whose payload would be longer than the engine's strings can be (a string near
 * MAX_BINARY_LENGTH, or a container of big elements).
 */
function dumpPayload(value: StoredValue, limits: DumpLimits): string | undefined {
  try {
    return dumpValue(value, { codecs: DUMP_CODECS, limits });
  } catch (error: unknown) {
    if (isStringTooLongError(error)) {
      return undefined;
    }
    throw error;
  }
}

/** Loads a snapshot into an empty engine; keys whose expiry has passed are skipped. */
export function loadSnapshot(engine: Engine, bytes: Uint8Array): void {
  const reader = new Reader(bytes);
  const now = engine.clock.now();
  const limits = dumpLimits(engine.config);
  while (!reader.isAtEnd) {
    const dbIndex = reader.varint();
    const key = reader.string(reader.varint());
    const expiresText = reader.string(reader.varint());
    const payload = reader.string(reader.varint());
    if (dbIndex === SEARCH_STATE_DB) {
      engine.search.importState(binaryToUtf8(payload));
      continue;
    }
    const db = engine.databases[dbIndex];
    const restored = restoreValue(payload, { codecs: DUMP_CODECS, limits });
    if (db === undefined || !restored.ok) {
      throw new EffectRecordError(`snapshot entry for a key in db ${dbIndex} does not decode`);
    }
    const expiresAt = expiresText === "" ? undefined : Number(expiresText);
    if (expiresAt !== undefined && expiresAt <= now) {
      continue;
    }
    db.set(key, restored.value);
    if (expiresAt !== undefined) {
      db.setExpiresAt(key, expiresAt);
    }
  }
}
