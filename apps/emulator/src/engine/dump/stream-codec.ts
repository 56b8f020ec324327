/**
 * The stream codec, `RDB_TYPE_STREAM_LISTPACKS_3` (src/rdb.c, src/t_stream.c):
 *
 * - the number of listpack nodes, then per node its master ID (16 raw bytes) and the listpack: a
 *   master entry (live count, deleted count, the master fields, 0) and per entry its flags, the ID
 *   as differences from the master ID, its values (flag SAMEFIELDS, when its fields are the master
 *   fields) or its field count and pairs, and the entry's listpack element count.
 * - length, last ID, first ID, largest deleted ID (each ms and seq), entries added;
 * - the consumer groups in name order: name, last ID, entries read, the PEL (raw IDs with delivery
 *   time and count) and the consumers (name, seen time, active time, raw IDs of their PEL).
 *
 * Nodes are rebuilt from the live entries the way `streamAppendItem` fills them under
 * `stream-node-max-bytes` and `stream-node-max-entries` (defaults 4096 and 100), so a stream built by XADD
 * alone is byte-identical to Redis's; deleted entries, which Redis keeps as tombstones inside its
 * nodes, are left out. Reading also accepts the older `_2` (no active time) and `_1` layouts.
 */
import {
  type DumpCodec,
  DumpFormatError,
  type DumpLimits,
  type DumpReader,
  type DumpWriter,
} from "../dump-format.ts";
import {
  type Consumer,
  type Counter,
  INVALID_ENTRIES_READ,
  MAX_STREAM_ID,
  MIN_STREAM_ID,
  makeStreamId,
  type PendingEntry,
  type StreamId,
  StreamValue,
  streamIdMs,
  streamIdSeq,
} from "../values/stream.ts";
import type { Container, ContainerValue } from "../values/types.ts";
import {
  decodeListpack,
  type ListpackItem,
  listpackEntry,
  listpackFromEntries,
} from "./listpack.ts";

const RDB_TYPE_STREAM_LISTPACKS = 15;
const RDB_TYPE_STREAM_LISTPACKS_2 = 19;
const RDB_TYPE_STREAM_LISTPACKS_3 = 21;
const FLAG_DELETED = 1;
const FLAG_SAMEFIELDS = 2;
/** `STREAM_LISTPACK_MAX_SIZE`: the node byte limit when the configuration says 0 or more. */
const LISTPACK_MAX_SIZE = 2 ** 30;
const U64_MAX = 2n ** 64n - 1n;

/** A node being filled: its master entry and the encoded entries after it. */
interface Node {
  readonly masterId: StreamId;
  readonly masterFields: readonly string[];
  count: number;
  /** Encoded elements after the count: deleted count, master fields, 0 and the entries. */
  readonly rest: string[];
  restBytes: number;
}

function nodeListpack(node: Node): string {
  return listpackFromEntries([listpackEntry(node.count), ...node.rest]);
}

function nodeBytes(node: Node): number {
  return 7 + listpackEntry(node.count).length + node.restBytes;
}

function push(node: Node, items: readonly ListpackItem[]): void {
  for (const item of items) {
    const entry = listpackEntry(item);
    node.rest.push(entry);
    node.restBytes += entry.length;
  }
}

function newNode(id: StreamId, fieldsAndValues: readonly string[]): Node {
  const fields = fieldsAndValues.filter((_, i) => i % 2 === 0);
  const node: Node = { masterId: id, masterFields: fields, count: 0, rest: [], restBytes: 0 };
  push(node, [0, fields.length, ...fields, 0]);
  return node;
}

/** `streamAppendItem`'s node filling, over the live entries. */
function buildNodes(stream: StreamValue, limits: DumpLimits): Node[] {
  const maxBytes =
    limits.streamNodeMaxBytes === 0 || limits.streamNodeMaxBytes > LISTPACK_MAX_SIZE
      ? LISTPACK_MAX_SIZE
      : limits.streamNodeMaxBytes;
  const maxEntries = limits.streamNodeMaxEntries;
  const nodes: Node[] = [];
  let node: Node | undefined;
  stream.entries.scan({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (id, fieldsAndValues) => {
    let totalLength = 0;
    for (const text of fieldsAndValues) {
      totalLength += text.length;
    }
    if (
      node === undefined ||
      nodeBytes(node) + totalLength >= maxBytes ||
      (maxEntries > 0 && node.count >= maxEntries)
    ) {
      node = newNode(id, fieldsAndValues);
      nodes.push(node);
    }
    const fieldCount = fieldsAndValues.length / 2;
    const sameFields =
      fieldCount === node.masterFields.length &&
      node.masterFields.every((field, i) => fieldsAndValues[2 * i] === field);
    const msDiff = BigInt(streamIdMs(id)) - BigInt(streamIdMs(node.masterId));
    const seqDiff = BigInt(streamIdSeq(id)) - BigInt(streamIdSeq(node.masterId));
    if (sameFields) {
      const values = fieldsAndValues.filter((_, i) => i % 2 === 1);
      push(node, [FLAG_SAMEFIELDS, msDiff, seqDiff, ...values, fieldCount + 3]);
    } else {
      push(node, [0, msDiff, seqDiff, fieldCount, ...fieldsAndValues, 2 * fieldCount + 4]);
    }
    node.count++;
    return true;
  });
  return nodes;
}

function writeId(writer: DumpWriter, id: StreamId): void {
  writer.length(streamIdMs(id));
  writer.length(streamIdSeq(id));
}

function writeCounter(writer: DumpWriter, counter: Counter): void {
  // A negative counter (-1: invalid) is written as the unsigned 64-bit value, as C casts it.
  writer.length(counter === INVALID_ENTRIES_READ ? U64_MAX : counter);
}

function serialize(value: ContainerValue, writer: DumpWriter, limits: DumpLimits): number {
  const stream = value as StreamValue;
  const nodes = buildNodes(stream, limits);
  writer.length(nodes.length);
  for (const node of nodes) {
    writer.string(node.masterId);
    writer.string(nodeListpack(node));
  }
  writer.length(stream.length);
  writeId(writer, stream.lastId);
  writeId(writer, stream.firstId);
  writeId(writer, stream.maxDeletedId);
  writeCounter(writer, stream.entriesAdded);
  const groups = stream.sortedGroups();
  writer.length(groups.length);
  for (const group of groups) {
    writer.string(group.name);
    writeId(writer, group.lastId);
    writeCounter(writer, group.entriesRead);
    writer.length(group.pel.size);
    group.pel.scan({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (id, pending) => {
      writer.raw(id);
      writer.millisecondTime(pending.deliveryTime);
      writer.length(pending.deliveryCount);
      return true;
    });
    const consumers = group.sortedConsumers();
    writer.length(consumers.length);
    for (const consumer of consumers) {
      writer.string(consumer.name);
      writer.millisecondTime(consumer.seenTime);
      writer.millisecondTime(consumer.activeTime);
      writer.length(consumer.pel.size);
      consumer.pel.scan({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (id) => {
        writer.raw(id);
        return true;
      });
    }
  }
  return RDB_TYPE_STREAM_LISTPACKS_3;
}

// ---- reading ----------------------------------------------------------------------------------

function toBigInt(text: string | undefined): bigint {
  if (text === undefined || !/^-?[0-9]+$/.test(text)) {
    throw new DumpFormatError("bad stream listpack integer");
  }
  return BigInt(text);
}

function u64(value: bigint): number | bigint {
  if (value < 0n || value > U64_MAX) {
    throw new DumpFormatError("stream ID out of range");
  }
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** Adds the live entries of one node to `stream`. */
function readNode(stream: StreamValue, masterId: StreamId, items: readonly string[]): void {
  let at = 0;
  const next = (): string => {
    const item = items[at++];
    if (item === undefined) {
      throw new DumpFormatError("truncated stream node");
    }
    return item;
  };
  const count = Number(toBigInt(next()));
  const deleted = Number(toBigInt(next()));
  const masterFields: string[] = [];
  for (let n = Number(toBigInt(next())); n > 0; n--) {
    masterFields.push(next());
  }
  if (next() !== "0") {
    throw new DumpFormatError("bad stream master entry");
  }
  const masterMs = BigInt(streamIdMs(masterId));
  const masterSeq = BigInt(streamIdSeq(masterId));
  let live = 0;
  let dead = 0;
  while (at < items.length) {
    const flags = Number(toBigInt(next()));
    const id = makeStreamId(u64(masterMs + toBigInt(next())), u64(masterSeq + toBigInt(next())));
    const fieldsAndValues: string[] = [];
    if ((flags & FLAG_SAMEFIELDS) !== 0) {
      for (const field of masterFields) {
        fieldsAndValues.push(field, next());
      }
    } else {
      for (let n = Number(toBigInt(next())); n > 0; n--) {
        fieldsAndValues.push(next(), next());
      }
    }
    next(); // lp-count, only used to walk the listpack backwards
    if ((flags & FLAG_DELETED) !== 0) {
      dead++;
      continue;
    }
    const last = stream.entries.last();
    if (last !== undefined && id <= last) {
      throw new DumpFormatError("stream entries out of order");
    }
    stream.entries.append(id, fieldsAndValues);
    live++;
  }
  if (live !== count || dead !== deleted) {
    throw new DumpFormatError("stream node counts mismatch");
  }
}

function readId(reader: DumpReader): StreamId {
  return makeStreamId(reader.bigLength(), reader.bigLength());
}

function readCounter(reader: DumpReader): Counter {
  const value = reader.bigLength();
  return value === U64_MAX ? INVALID_ENTRIES_READ : value;
}

function deserialize(reader: DumpReader, rdbType: number): Container {
  const stream = new StreamValue();
  for (let nodes = reader.length(); nodes > 0; nodes--) {
    const masterId = reader.string();
    if (masterId.length !== 16) {
      throw new DumpFormatError("bad stream node key");
    }
    const items = decodeListpack(reader.string());
    if (items.length === 0) {
      throw new DumpFormatError("empty stream node");
    }
    readNode(stream, masterId, items);
  }
  const length = reader.length();
  if (length !== stream.length) {
    throw new DumpFormatError("stream length mismatch");
  }
  stream.lastId = readId(reader);
  if (rdbType >= RDB_TYPE_STREAM_LISTPACKS_2) {
    readId(reader); // first ID: always the first live entry here
    stream.maxDeletedId = readId(reader);
    stream.entriesAdded = readCounter(reader);
  } else {
    stream.entriesAdded = length;
  }
  for (let groups = reader.length(); groups > 0; groups--) {
    const name = reader.string();
    const lastId = readId(reader);
    const entriesRead =
      rdbType >= RDB_TYPE_STREAM_LISTPACKS_2
        ? readCounter(reader)
        : (stream.estimateEntriesRead(lastId) ?? INVALID_ENTRIES_READ);
    const group = stream.createGroup(name, lastId, entriesRead);
    if (group === undefined) {
      throw new DumpFormatError("duplicate consumer group");
    }
    const unowned = new Map<StreamId, { deliveryTime: number; deliveryCount: Counter }>();
    for (let pending = reader.length(); pending > 0; pending--) {
      const id = reader.raw(16);
      unowned.set(id, {
        deliveryTime: reader.millisecondTime(),
        deliveryCount: reader.bigLength(),
      });
    }
    for (let consumers = reader.length(); consumers > 0; consumers--) {
      const consumerName = reader.string();
      const seenTime = reader.millisecondTime();
      const consumer: Consumer | undefined = group.createConsumer(consumerName, seenTime);
      if (consumer === undefined) {
        throw new DumpFormatError("duplicate consumer");
      }
      consumer.activeTime =
        rdbType >= RDB_TYPE_STREAM_LISTPACKS_3 ? reader.millisecondTime() : seenTime;
      for (let owned = reader.length(); owned > 0; owned--) {
        const id = reader.raw(16);
        const nack = unowned.get(id);
        if (nack === undefined) {
          throw new DumpFormatError("consumer PEL entry not in the group PEL");
        }
        unowned.delete(id);
        const pending: PendingEntry = { consumer, ...nack };
        group.pel.set(id, pending);
        consumer.pel.set(id, pending);
      }
    }
    if (unowned.size > 0) {
      throw new DumpFormatError("group PEL entry without a consumer");
    }
  }
  return stream;
}

export const streamCodec: DumpCodec = {
  type: "stream",
  rdbTypes: [RDB_TYPE_STREAM_LISTPACKS, RDB_TYPE_STREAM_LISTPACKS_2, RDB_TYPE_STREAM_LISTPACKS_3],
  serialize,
  deserialize,
};
