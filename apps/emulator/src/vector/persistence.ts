/**
 * The vector service's codec for `storage/` (STYLE.md §7.5): journal entries as JSON with vectors
 * as base64 float32/int32 bytes (exact, and a quarter the size of decimal text), and snapshots as
 * the entries that rebuild the state: one `create` per index, then its namespaces' records.
 */
import { Buffer } from "node:buffer";
import { EmulatorError } from "../errors.ts";
import type { JournalEntry } from "./journal.ts";
import type { RecordInput } from "./namespace-store.ts";
import type { VectorIndex } from "./vector-index.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A record as stored: short keys, typed arrays as base64. */
interface RecordWire {
  readonly id: string;
  readonly v?: string;
  readonly si?: string;
  readonly sv?: string;
  readonly m?: Record<string, unknown>;
  readonly d?: string;
}

function bytesToBase64(array: Float32Array | Int32Array): string {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString("base64");
}

function base64ToFloat32(text: string): Float32Array {
  const bytes = Buffer.from(text, "base64");
  // Copied: a Buffer's offset need not be 4-byte aligned.
  return new Float32Array(new Uint8Array(bytes).buffer);
}

function base64ToInt32(text: string): Int32Array {
  return new Int32Array(new Uint8Array(Buffer.from(text, "base64")).buffer);
}

function recordToWire(record: RecordInput): RecordWire {
  return {
    id: record.id,
    ...(record.vector !== undefined && { v: bytesToBase64(record.vector) }),
    ...(record.sparseVector !== undefined && {
      si: bytesToBase64(record.sparseVector.indices),
      sv: bytesToBase64(record.sparseVector.values),
    }),
    ...(record.metadata !== undefined && { m: record.metadata }),
    ...(record.data !== undefined && { d: record.data }),
  };
}

function recordFromWire(wire: RecordWire): RecordInput {
  return {
    id: wire.id,
    vector: wire.v === undefined ? undefined : base64ToFloat32(wire.v),
    sparseVector:
      wire.si === undefined || wire.sv === undefined
        ? undefined
        : { indices: base64ToInt32(wire.si), values: base64ToFloat32(wire.sv) },
    metadata: wire.m,
    data: wire.d,
  };
}

export function encodeJournalEntry(entry: JournalEntry): Uint8Array {
  return encoder.encode(entry.op === "put" ? putEntryText(entry) : JSON.stringify(entry));
}

/**
 * `JSON.stringify` of a `put` entry with its records as {@link recordToWire} writes them, built
 * around each base64 text instead: those are most of an upsert's journal bytes, need no escaping,
 * and `JSON.stringify` would scan them again. Same JSON value (persistence.test.ts).
 */
function putEntryText(entry: Extract<JournalEntry, { op: "put" }>): string {
  let text = `{"op":"put","index":${JSON.stringify(entry.index)},"namespace":${JSON.stringify(entry.namespace)},"records":[`;
  entry.records.forEach((record, index) => {
    text += `${index === 0 ? "" : ","}{"id":${JSON.stringify(record.id)}`;
    if (record.vector !== undefined) {
      text += `,"v":"${bytesToBase64(record.vector)}"`;
    }
    if (record.sparseVector !== undefined) {
      text += `,"si":"${bytesToBase64(record.sparseVector.indices)}","sv":"${bytesToBase64(record.sparseVector.values)}"`;
    }
    if (record.metadata !== undefined) {
      text += `,"m":${JSON.stringify(record.metadata)}`;
    }
    if (record.data !== undefined) {
      text += `,"d":${JSON.stringify(record.data)}`;
    }
    text += "}";
  });
  return `${text}]}`;
}

/** {@link encodeJournalEntry} of a `put` entry through `JSON.stringify` (tests compare). */
export function encodePutEntryPlainly(entry: Extract<JournalEntry, { op: "put" }>): Uint8Array {
  return encoder.encode(JSON.stringify({ ...entry, records: entry.records.map(recordToWire) }));
}

/** @throws {EmulatorError} `ERR_DATA_CORRUPT` for bytes that are no journal entry. */
export function decodeJournalEntry(bytes: Uint8Array): JournalEntry {
  let wire: { op?: unknown; records?: RecordWire[] };
  try {
    wire = JSON.parse(decoder.decode(bytes)) as typeof wire;
  } catch (error: unknown) {
    throw new EmulatorError(
      "ERR_DATA_CORRUPT",
      `A vector journal entry is not JSON: ${decoder.decode(bytes.subarray(0, 80))}…`,
      { cause: error },
    );
  }
  if (typeof wire.op !== "string") {
    throw new EmulatorError("ERR_DATA_CORRUPT", "A vector journal entry has no op.");
  }
  return (
    wire.op === "put" ? { ...wire, records: (wire.records ?? []).map(recordFromWire) } : wire
  ) as JournalEntry;
}

/** Records per `put` entry in a snapshot. */
const SNAPSHOT_BATCH = 1000;

/** The entries that rebuild `indexes`, in insertion order. */
export function* snapshotEntries(indexes: Iterable<VectorIndex>): Generator<JournalEntry> {
  for (const index of indexes) {
    yield {
      op: "create",
      spec: index.spec,
      token: index.token,
      readOnlyToken: index.readOnlyToken,
    };
    for (const [namespace, store] of index.namespaceEntries()) {
      let batch: RecordInput[] = [];
      // An empty namespace is still written, so it stays listed after a restart (§2.10).
      yield { op: "put", index: index.name, namespace, records: [] };
      for (const record of store.inOrder()) {
        batch.push({
          id: record.id,
          vector: store.vectorOf(record),
          sparseVector: record.sparseVector,
          metadata: record.metadata,
          data: record.data,
        });
        if (batch.length === SNAPSHOT_BATCH) {
          yield { op: "put", index: index.name, namespace, records: batch };
          batch = [];
        }
      }
      if (batch.length > 0) {
        yield { op: "put", index: index.name, namespace, records: batch };
      }
    }
  }
}

/** A snapshot: the entries, each as a u32 LE length and its bytes. */
export function encodeSnapshot(entries: Iterable<JournalEntry>): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (const entry of entries) {
    const bytes = encodeJournalEntry(entry);
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, bytes.byteLength, true);
    parts.push(length, bytes);
    total += 4 + bytes.byteLength;
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

export function* decodeSnapshot(bytes: Uint8Array): Generator<JournalEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  while (offset < bytes.byteLength) {
    if (offset + 4 > bytes.byteLength) {
      throw new EmulatorError("ERR_DATA_CORRUPT", "The vector snapshot ends inside a length.");
    }
    const length = view.getUint32(offset, true);
    offset += 4;
    if (offset + length > bytes.byteLength) {
      throw new EmulatorError("ERR_DATA_CORRUPT", "The vector snapshot ends inside an entry.");
    }
    yield decodeJournalEntry(bytes.subarray(offset, offset + length));
    offset += length;
  }
}
