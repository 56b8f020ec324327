/**
 * A stream's part of MEMORY USAGE (src/object.c `objectComputeSize`, OBJ_STREAM): the stream
 * struct, its radix tree (`streamRadixTreeMemoryUsage`), its listpack nodes and its consumer
 * groups' PELs, as Redis 7.0 counts them.
 *
 * The nodes are the ones Redis would have packed (t_stream.c `streamAppendItem`): a node closes
 * once it holds `stream-node-max-entries` (100) entries or the next entry's fields and values
 * would take it to `stream-node-max-bytes` (4096) — the engine's own nodes only count entries, so
 * the entries are re-packed here. Each node is a listpack: the master entry (count, deleted, the
 * first entry's field names, a 0 terminator), then per entry its flags, its ID as differences from
 * the master ID, its values alone when its fields are the master's (else the field count and the
 * pairs) and its element count. A closed node was shrunk to fit (`lpShrinkToFit`); the open one
 * keeps its 4 KB preallocation until it outgrows it.
 *
 * Estimates: Redis keeps XDEL'd entries (flagged) in their node until it empties, and a node's
 * master fields after its first entry went; the engine has neither. With a sample (SAMPLES > 0)
 * the node count and the radix tree beyond the sampled nodes are scaled from them.
 */
import { allocationSize } from "./allocation-size.ts";
import { EMPTY_LISTPACK, listpackEntrySize, listpackIntegerSize } from "./listpack-size.ts";
import { raxNodeCount } from "./rax-size.ts";
import type { IdMap, StreamValue } from "./values/stream.ts";
import {
  type EntryNode,
  entryEnd,
  entryIdAt,
  entryStart,
  type StreamEntries,
} from "./values/stream-entries.ts";
import { MAX_STREAM_ID, MIN_STREAM_ID, type StreamId } from "./values/stream-id.ts";

/** `sizeof(stream)` in 7.0: rax pointer, length, last, first and max-deleted IDs, entries added, groups. */
const STREAM = 80;
/** `sizeof(streamID)`, `sizeof(raxNode)` (its header) and the fixed 30 longs Redis adds per node. */
const STREAM_ID = 16;
const RAX_NODE = 4 + 30 * 8;
/** `STREAM_LISTPACK_MAX_PRE_ALLOCATE`: the open node's listpack is allocated at this size. */
const STREAM_PREALLOCATION = 4096;
/** `stream-node-max-bytes` and `stream-node-max-entries` at their defaults. */
const NODE_MAX_BYTES = 4096;
const NODE_MAX_ENTRIES = 100;
/** `sizeof(streamCG)`, `sizeof(streamNACK)` and `sizeof(streamConsumer)` in 7.0. */
const STREAM_GROUP = 40;
const STREAM_NACK = 24;
const STREAM_CONSUMER = 24;
/**
 * Above this many keys, a radix tree (a PEL's, a long stream's with a sample) is measured on its
 * first keys and scaled: they cost an ID string each, and the tree changes every 100 XADDs.
 */
const RAX_SAMPLE_KEYS = 256;
/** `STREAM_ITEM_FLAG_*`: the flags element of every entry is one small integer. */
const FLAGS_ELEMENT = listpackIntegerSize(0);

/** The stream's size; `samples` is the node sample (infinite: every node). */
export function streamSize(stream: StreamValue, samples: number): number {
  const entries = stream.entries;
  let size =
    STREAM +
    (samples === Number.POSITIVE_INFINITY ? everyNode(entries) : sampledNodes(stream, samples));
  for (const group of stream.groups?.values() ?? []) {
    size += STREAM_GROUP + pelSize(group.pel, samples) + STREAM_NACK * group.pel.size;
    for (const consumer of group.consumers.values()) {
      size += STREAM_CONSUMER + consumer.name.length + pelSize(consumer.pel, samples);
    }
  }
  return size;
}

/** SAMPLES 0: every node's listpack and the radix tree of their master IDs. */
function everyNode(entries: StreamEntries): number {
  const keys: StreamId[] = [];
  let bytes = 0;
  const visit = (node: PackedNode): boolean => {
    keys.push(entryIdAt(node.masterNode, node.masterAt));
    bytes += nodeAllocation(node);
    return true;
  };
  const open = packNodes(entries, { from: 0, onClose: visit });
  if (open !== undefined) {
    visit(open);
  }
  return radixTreeSize(keys.length, raxNodeCount(keys)) + bytes;
}

/**
 * Redis's sample: the first `samples` nodes' mean for all but the last node, plus the last
 * node's own allocation; every node when there are no more than `samples`.
 */
function sampledNodes(stream: StreamValue, samples: number): number {
  const entries = stream.entries;
  const head = headSample(entries, samples);
  if (head.isWhole) {
    return radixTreeSize(head.nodes, streamRaxNodes(stream, head.nodes)) + head.bytes;
  }
  // The nodes after the sample hold entries like the sampled ones.
  const perNode = head.entries / head.nodes;
  const nodes = head.nodes + Math.max(1, Math.ceil((entries.size - head.entries) / perNode));
  return (
    radixTreeSize(nodes, streamRaxNodes(stream, nodes)) +
    Math.trunc(head.bytes / head.nodes) * (nodes - 1) +
    nodeAllocation(lastNode(entries))
  );
}

/** The first `samples` nodes: how many, their allocations, their entries, whether that is all. */
interface HeadSample {
  readonly nodes: number;
  readonly bytes: number;
  readonly entries: number;
  readonly isWhole: boolean;
}

/**
 * The head sample only depends on the engine nodes it read, which only change by losing entries
 * once closed: it is kept against those nodes and their counts (the maxmemory account asks on
 * every XADD).
 */
const headCache = new WeakMap<
  StreamEntries,
  { samples: number; read: { node: EntryNode; count: number }[]; sample: HeadSample }
>();

function headSample(entries: StreamEntries, samples: number): HeadSample {
  const cached = headCache.get(entries);
  if (
    cached?.samples === samples &&
    cached.read.every(({ node, count }, i) => entries.nodeAt(i) === node && node.count === count)
  ) {
    return cached.sample;
  }
  let nodes = 0;
  let bytes = 0;
  let sampledEntries = 0;
  let closedAt = -1;
  const add = (node: PackedNode): boolean => {
    nodes++;
    bytes += nodeAllocation(node);
    sampledEntries += node.count;
    closedAt = node.closedAt;
    return nodes < samples;
  };
  const open = packNodes(entries, { from: 0, onClose: add });
  if (open !== undefined) {
    // Every node fitted in the sample.
    add(open);
    return { nodes, bytes, entries: sampledEntries, isWhole: true };
  }
  const sample = { nodes, bytes, entries: sampledEntries, isWhole: nodes === 0 };
  // Cached when every engine node read (up to the entry that closed the last) is closed.
  if (closedAt < entries.nodeCount - 1) {
    const read: { node: EntryNode; count: number }[] = [];
    for (let i = 0; i <= closedAt; i++) {
      const engineNode = entries.nodeAt(i) as EntryNode;
      read.push({ node: engineNode, count: engineNode.count });
    }
    headCache.set(entries, { samples, read, sample });
  }
  return sample;
}

/**
 * The open node Redis would have after the engine's last node's entries. Entries are only
 * appended there, so the packing is kept and continued from the entries it had seen (when the
 * node, its count and its last ID before are unchanged).
 */
const tailCache = new WeakMap<
  StreamEntries,
  { node: EntryNode; count: number; lastMs: number; lastSeq: number; state: PackedNode }
>();

function lastNode(entries: StreamEntries): PackedNode {
  const index = entries.nodeCount - 1;
  const node = entries.nodeAt(index) as EntryNode;
  const cached = tailCache.get(entries);
  const resume =
    cached !== undefined &&
    cached.node === node &&
    cached.count <= node.count &&
    node.columns[cached.count - 1] === cached.lastMs &&
    node.columns[node.room + cached.count - 1] === cached.lastSeq
      ? { state: { ...cached.state }, at: cached.count }
      : undefined;
  const state = packNodes(entries, { from: index, resume }) as PackedNode;
  tailCache.set(entries, {
    node,
    count: node.count,
    lastMs: node.columns[node.count - 1] as number,
    lastSeq: node.columns[node.room + node.count - 1] as number,
    state: { ...state, isOpen: false },
  });
  return state;
}

/** `zmalloc_size` of a node's listpack. */
function nodeAllocation(node: PackedNode): number {
  const bytes = node.bytes + listpackIntegerSize(node.count);
  return node.isOpen
    ? Math.max(STREAM_PREALLOCATION, allocationSize(bytes))
    : allocationSize(bytes);
}

/** A node as Redis packs it: its bytes but the count element, and its master entry. */
interface PackedNode {
  bytes: number;
  count: number;
  isOpen: boolean;
  /** The engine node holding the entry that closed this one (-1 while open). */
  closedAt: number;
  readonly masterNode: EntryNode;
  readonly masterAt: number;
  readonly masterStart: number;
  readonly masterFields: number;
}

/**
 * Packs the entries into the nodes Redis would hold them in, from the engine's node `from` on (or
 * from a node packed so far, continued at entry `at` of that node): each node closed goes to
 * `onClose`, which stops the packing by answering false. The open node at the end is returned
 * (undefined when stopped, or when there are no entries).
 */
function packNodes(
  entries: StreamEntries,
  options: {
    from: number;
    resume?: { state: PackedNode; at: number } | undefined;
    onClose?: (node: PackedNode) => boolean;
  },
): PackedNode | undefined {
  let open = options.resume?.state;
  let at = options.resume?.at ?? 0;
  for (let index = options.from; index < entries.nodeCount; index++, at = 0) {
    const node = entries.nodeAt(index);
    if (node === undefined) {
      continue;
    }
    for (; at < node.count; at++) {
      if (open !== undefined && isFull(open, { node, at })) {
        open.closedAt = index;
        if (options.onClose?.(open) === false) {
          return undefined;
        }
        open = undefined;
      }
      open ??= startNode(node, at);
      appendEntry(open, { node, at });
    }
  }
  if (open !== undefined) {
    open.isOpen = true;
  }
  return open;
}

/** `streamAppendItem`'s test for a new node before appending the entry. */
function isFull(packed: PackedNode, entry: { node: EntryNode; at: number }): boolean {
  if (packed.count >= NODE_MAX_ENTRIES) {
    return true;
  }
  const data = entry.node.data;
  let length = 0;
  for (let i = entryStart(entry.node, entry.at); i < entryEnd(entry.node, entry.at); i++) {
    length += (data[i] as string).length;
  }
  return packed.bytes + listpackIntegerSize(packed.count) + length >= NODE_MAX_BYTES;
}

/** A node whose master entry is `node`'s entry `at`: deleted 0, the field names, terminator 0. */
function startNode(node: EntryNode, at: number): PackedNode {
  const start = entryStart(node, at);
  const end = entryEnd(node, at);
  const fields = (end - start) / 2;
  let bytes =
    EMPTY_LISTPACK + listpackIntegerSize(0) + listpackIntegerSize(fields) + listpackIntegerSize(0);
  for (let i = start; i < end; i += 2) {
    bytes += listpackEntrySize(node.data[i] as string);
  }
  return {
    bytes,
    count: 0,
    isOpen: false,
    closedAt: -1,
    masterNode: node,
    masterAt: at,
    masterStart: start,
    masterFields: fields,
  };
}

function appendEntry(packed: PackedNode, { node, at }: { node: EntryNode; at: number }): void {
  const data = node.data;
  const start = entryStart(node, at);
  const end = entryEnd(node, at);
  const fields = (end - start) / 2;
  const master = packed.masterNode;
  let bytes =
    FLAGS_ELEMENT +
    listpackIntegerSize(
      (node.columns[at] as number) - (master.columns[packed.masterAt] as number),
    ) +
    listpackIntegerSize(
      (node.columns[node.room + at] as number) -
        (master.columns[master.room + packed.masterAt] as number),
    );
  if (fields === packed.masterFields && hasMasterFields(packed, { data, start })) {
    for (let i = start + 1; i < end; i += 2) {
      bytes += listpackEntrySize(data[i] as string);
    }
    bytes += listpackIntegerSize(fields + 3);
  } else {
    bytes += listpackIntegerSize(fields);
    for (let i = start; i < end; i++) {
      bytes += listpackEntrySize(data[i] as string);
    }
    bytes += listpackIntegerSize(2 * fields + 4);
  }
  packed.bytes += bytes;
  packed.count++;
}

/** Whether the entry's field names are the master entry's, in order. */
function hasMasterFields(
  packed: PackedNode,
  entry: { data: readonly string[]; start: number },
): boolean {
  const masterData = packed.masterNode.data;
  for (let i = 0; i < 2 * packed.masterFields; i += 2) {
    if (entry.data[entry.start + i] !== masterData[packed.masterStart + i]) {
      return false;
    }
  }
  return true;
}

/** `streamRadixTreeMemoryUsage` (which, as written, leaves out `sizeof(rax)` itself). */
function radixTreeSize(keys: number, nodes: number): number {
  return keys * STREAM_ID + nodes * RAX_NODE;
}

/** The engine's nodes' radix tree, cached until they change: `nodes` keys scaled from it. */
const streamRaxCache = new WeakMap<
  StreamValue,
  {
    first: EntryNode;
    firstMs: number;
    firstSeq: number;
    last: EntryNode;
    lastMs: number;
    lastSeq: number;
    count: number;
    nodes: number;
  }
>();

function streamRaxNodes(stream: StreamValue, keys: number): number {
  const entries = stream.entries;
  const count = entries.nodeCount;
  const first = entries.nodeAt(0);
  const last = entries.nodeAt(count - 1);
  if (first === undefined || last === undefined) {
    return 1;
  }
  let cached = streamRaxCache.get(stream);
  if (
    cached === undefined ||
    cached.count !== count ||
    cached.first !== first ||
    cached.firstMs !== first.columns[0] ||
    cached.firstSeq !== first.columns[first.room] ||
    cached.last !== last ||
    cached.lastMs !== last.columns[0] ||
    cached.lastSeq !== last.columns[last.room]
  ) {
    // A long stream's tree is measured on its first nodes' keys and scaled (see `scaledRaxNodes`).
    const ids: StreamId[] = [];
    for (let i = 0; i < Math.min(count, RAX_SAMPLE_KEYS); i++) {
      const node = entries.nodeAt(i);
      if (node !== undefined) {
        ids.push(entryIdAt(node, 0));
      }
    }
    cached = {
      first,
      firstMs: first.columns[0] as number,
      firstSeq: first.columns[first.room] as number,
      last,
      lastMs: last.columns[0] as number,
      lastSeq: last.columns[last.room] as number,
      count,
      nodes: scaledRaxNodes(ids, count),
    };
    streamRaxCache.set(stream, cached);
  }
  return keys === count ? cached.nodes : 1 + Math.round(((cached.nodes - 1) * keys) / count);
}

/** The nodes of a tree of `count` keys whose first ones are `keys`: exact when they are all. */
function scaledRaxNodes(keys: readonly StreamId[], count: number): number {
  const nodes = raxNodeCount(keys);
  return keys.length >= count || keys.length === 0
    ? nodes
    : 1 + Math.round(((nodes - 1) * count) / keys.length);
}

/**
 * A PEL's radix tree: exact up to `RAX_SAMPLE_KEYS` keys (or with SAMPLES 0), else scaled from
 * the first ones. Kept against the PEL's size and end IDs, which every change but a swap moves.
 */
const pelCache = new WeakMap<IdMap<unknown>, { signature: string; size: number }>();

function pelSize(pel: IdMap<unknown>, samples: number): number {
  const isWhole = samples === Number.POSITIVE_INFINITY;
  const signature = `${isWhole}:${pel.size}:${pel.first() ?? ""}${pel.last() ?? ""}`;
  const cached = pelCache.get(pel);
  if (cached?.signature === signature) {
    return cached.size;
  }
  const limit = isWhole ? Number.POSITIVE_INFINITY : RAX_SAMPLE_KEYS;
  const keys: StreamId[] = [];
  pel.scan({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (id) => {
    keys.push(id);
    return keys.length < limit;
  });
  const size = radixTreeSize(pel.size, scaledRaxNodes(keys, pel.size));
  pelCache.set(pel, { signature, size });
  return size;
}
