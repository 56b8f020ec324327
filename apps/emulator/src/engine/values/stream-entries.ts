/**
 * A stream's entries, packed into nodes as Redis packs them into listpacks (t_stream.c,
 * `streamAppendItem`): a node holds up to `capacity` entries, their IDs and where their fields
 * start as numbers in one `Float64Array`, and all their fields and values one after another in one
 * array. An entry is no object of its own: no ID string, no field array. XADD's garbage is then
 * only what the request itself made, and a scavenge has a node's few objects to move instead of
 * two an entry (which it promoted on every scavenge while a stream grew).
 *
 * IDs are compared as doubles (exact up to 2^53 - 1). A node holding any ID beyond that keeps
 * every ID's exact 16-byte string beside the numbers (`exact`) to settle ties between IDs that
 * round alike; the strings of other nodes are made only when asked for (`entryIdAt`).
 *
 * Entries are only appended (XADD and RESTORE give IDs above the last); deleting an entry
 * (XDEL, trimming) closes its gap in its node, and an emptied node goes, as Redis frees a
 * listpack whose entries are all deleted.
 */
import {
  formatStreamId,
  makeStreamId,
  nextStreamId,
  type StreamId,
  streamIdMsDouble,
  streamIdSeqDouble,
} from "./stream-id.ts";

/**
 * One node's entries. Their numbers sit in one `Float64Array` (`columns`, three runs of `room`
 * slots: the IDs' milliseconds, their sequences, where each entry's fields start in `data`),
 * whose memory is outside the collected heap: a scavenge moves only the node, its `data` and the
 * array's small handle.
 */
export interface EntryNode {
  /** How many entries the node holds. */
  count: number;
  /** How many entries `columns` has room for. */
  room: number;
  columns: Float64Array;
  /** Every entry's exact ID, only in a node holding an ID above 2^53 - 1. */
  exact: StreamId[] | undefined;
  /** Every entry's fields and values, entry after entry. */
  readonly data: string[];
}

/** The room of a stream's first node: small streams stay small (a node grows as a listpack does). */
const FIRST_ROOM = 4;

/** Entry `at`'s milliseconds, as a double. */
export function entryMsAt(node: EntryNode, at: number): number {
  return node.columns[at] as number;
}

/** Entry `at`'s sequence, as a double. */
export function entrySeqAt(node: EntryNode, at: number): number {
  return node.columns[node.room + at] as number;
}

/** An ID with its numeric parts computed once. */
interface Probe {
  readonly id: StreamId;
  readonly ms: number;
  readonly seq: number;
}

function probeOf(id: StreamId): Probe {
  return { id, ms: streamIdMsDouble(id), seq: streamIdSeqDouble(id) };
}

/** The ID of entry `at`. */
export function entryIdAt(node: EntryNode, at: number): StreamId {
  return node.exact?.[at] ?? makeStreamId(entryMsAt(node, at), entrySeqAt(node, at));
}

/** Entry `at`'s ID as replies show it (`ms-seq`), made without the 16-byte string. */
export function formatEntryIdAt(node: EntryNode, at: number): string {
  const exact = node.exact;
  return exact === undefined
    ? `${entryMsAt(node, at)}-${entrySeqAt(node, at)}`
    : formatStreamId(exact[at] as StreamId);
}

/** Where entry `at`'s fields start in `node.data`. */
export function entryStart(node: EntryNode, at: number): number {
  return node.columns[2 * node.room + at] as number;
}

/** Where entry `at`'s fields end in `node.data` (exclusive). */
export function entryEnd(node: EntryNode, at: number): number {
  return at + 1 < node.count ? entryStart(node, at + 1) : node.data.length;
}

/** Entry `at`'s fields and values, as a fresh array. */
export function entryFieldsAt(node: EntryNode, at: number): string[] {
  return node.data.slice(entryStart(node, at), entryEnd(node, at));
}

/** Orders entry `at` against the probe (negative: the entry is smaller). */
function compareAt(probe: Probe, node: EntryNode, at: number): number {
  const ms = entryMsAt(node, at);
  if (ms !== probe.ms) {
    return ms < probe.ms ? -1 : 1;
  }
  const seq = entrySeqAt(node, at);
  if (seq !== probe.seq) {
    return seq < probe.seq ? -1 : 1;
  }
  // Equal doubles: in a node of exact IDs, the same ID; else two above 2^53 that rounded alike.
  const exact = node.exact;
  if (exact === undefined) {
    return 0;
  }
  const id = exact[at] as StreamId;
  if (id === probe.id) {
    return 0;
  }
  return id < probe.id ? -1 : 1;
}

/** The first entry of `node` that is ≥ the probe. */
function lowerBound(node: EntryNode, probe: Probe): number {
  let low = 0;
  let high = node.count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareAt(probe, node, middle) < 0) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

/** Whether the doubles of an ID are its exact value. */
function isExact(ms: number, seq: number): boolean {
  return ms <= Number.MAX_SAFE_INTEGER && seq <= Number.MAX_SAFE_INTEGER;
}

/** A visit of the packed entries: false stops it. */
export type PackedVisit = (node: EntryNode, at: number) => boolean | undefined;

export class StreamEntries {
  #nodes: EntryNode[] = [];
  #size = 0;
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#size;
  }

  /** How many nodes hold the entries (XINFO STREAM's `radix-tree-keys`). */
  get nodeCount(): number {
    return this.#nodes.length;
  }

  /** Node `index` (0 is the oldest), for MEMORY USAGE's listpack sizes; do not change it. */
  nodeAt(index: number): EntryNode | undefined {
    return this.#nodes[index];
  }

  first(): StreamId | undefined {
    const node = this.#nodes[0];
    return node === undefined ? undefined : entryIdAt(node, 0);
  }

  last(): StreamId | undefined {
    const node = this.#nodes[this.#nodes.length - 1];
    return node === undefined ? undefined : entryIdAt(node, node.count - 1);
  }

  /** The entry's fields and values (a fresh array), or undefined when there is no such entry. */
  get(id: StreamId): string[] | undefined {
    const probe = probeOf(id);
    const node = this.#nodes[this.#nodeFor(probe)];
    if (node === undefined) {
      return undefined;
    }
    const at = lowerBound(node, probe);
    return at < node.count && compareAt(probe, node, at) === 0
      ? entryFieldsAt(node, at)
      : undefined;
  }

  /**
   * Appends an entry whose ID is above the last one's, its fields and values `fields[from…]`.
   * A field or value equal to the previous entry's at the same place is stored as that string
   * (Redis keeps a node's master fields once): a producer's repeated names and values are one
   * string for the whole stream, and the strings the request made die young.
   */
  append(id: StreamId, fields: readonly string[], from = 0): void {
    const ms = streamIdMsDouble(id);
    const seq = streamIdSeqDouble(id);
    const node = this.#push(ms, seq, { fields, from });
    if (node.exact !== undefined) {
      node.exact.push(id);
    } else if (!isExact(ms, seq)) {
      // The node's first ID beyond 2^53 - 1: the others' strings are made from their exact parts.
      const exact: StreamId[] = [];
      for (let at = 0; at < node.count - 1; at++) {
        exact.push(makeStreamId(entryMsAt(node, at), entrySeqAt(node, at)));
      }
      exact.push(id);
      node.exact = exact;
    }
  }

  /** `append` of an ID whose parts are at most 2^53 - 1, given as numbers (XADD `*`). */
  appendSafe(ms: number, seq: number, entry: { fields: readonly string[]; from: number }): void {
    const node = this.#push(ms, seq, entry);
    node.exact?.push(makeStreamId(ms, seq));
  }

  /** Adds the entry's parts and fields to the last node (a new one when it is full); that node. */
  #push(ms: number, seq: number, entry: { fields: readonly string[]; from: number }): EntryNode {
    const { fields, from } = entry;
    const previous = this.#nodes[this.#nodes.length - 1];
    const previousAt = previous === undefined ? -1 : previous.count - 1;
    const node =
      previous === undefined || previous.count >= this.#capacity ? this.#newNode() : previous;
    const width = fields.length - from;
    const data = node.data;
    const at = node.count;
    if (at === node.room) {
      growNode(node, Math.min(this.#capacity, node.room * 4));
    }
    const columns = node.columns;
    const room = node.room;
    columns[at] = ms;
    columns[room + at] = seq;
    columns[2 * room + at] = data.length;
    if (
      previous !== undefined &&
      entryEnd(previous, previousAt) - entryStart(previous, previousAt) === width
    ) {
      const held = previous.data;
      let heldAt = entryStart(previous, previousAt);
      for (let i = from; i < fields.length; i++, heldAt++) {
        const text = fields[i] as string;
        const old = held[heldAt] as string;
        data.push(text === old ? old : text);
      }
    } else {
      for (let i = from; i < fields.length; i++) {
        data.push(fields[i] as string);
      }
    }
    node.count = at + 1;
    this.#size++;
    return node;
  }

  delete(id: StreamId): boolean {
    const probe = probeOf(id);
    const index = this.#nodeFor(probe);
    const node = this.#nodes[index];
    if (node === undefined) {
      return false;
    }
    const at = lowerBound(node, probe);
    if (at >= node.count || compareAt(probe, node, at) !== 0) {
      return false;
    }
    if (node.count === 1) {
      this.#nodes.splice(index, 1);
    } else {
      removeEntries(node, at, 1);
    }
    this.#size--;
    return true;
  }

  /** Removes the `count` oldest entries, whole nodes at a time where possible. */
  deleteFirst(count: number): void {
    let left = Math.min(count, this.#size);
    this.#size -= left;
    let whole = 0;
    while (whole < this.#nodes.length && (this.#nodes[whole]?.count ?? 0) <= left) {
      left -= this.#nodes[whole]?.count ?? 0;
      whole++;
    }
    if (whole > 0) {
      this.#nodes.splice(0, whole);
    }
    const head = this.#nodes[0];
    if (left > 0 && head !== undefined) {
      removeEntries(head, 0, left);
    }
  }

  /** How many entries are below `id`, counting at most `limit` (so trimming stays O(removed)). */
  countBelow(id: StreamId, limit: number): number {
    const probe = probeOf(id);
    let count = 0;
    for (const node of this.#nodes) {
      if (count >= limit) {
        return limit;
      }
      if (compareAt(probe, node, node.count - 1) < 0) {
        count += node.count;
        continue;
      }
      return Math.min(limit, count + lowerBound(node, probe));
    }
    return Math.min(limit, count);
  }

  /** The smallest ID ≥ `id`. */
  ceiling(id: StreamId): StreamId | undefined {
    const probe = probeOf(id);
    const node = this.#nodes[this.#nodeFor(probe)];
    if (node === undefined) {
      return undefined;
    }
    return entryIdAt(node, lowerBound(node, probe));
  }

  /** The smallest ID > `id`. */
  higher(id: StreamId): StreamId | undefined {
    const next = nextStreamId(id);
    return next === undefined ? undefined : this.ceiling(next);
  }

  /**
   * Visits the entries in [from, to] in order (descending when `reverse`) until `visit` returns
   * false, each as its ID and a fresh array of its fields and values. The entries must not change
   * during the visit.
   */
  scan(
    range: { readonly from: StreamId; readonly to: StreamId; readonly reverse?: boolean },
    visit: (id: StreamId, fields: string[]) => boolean | undefined,
  ): void {
    this.scanPacked(range, (node, at) => visit(entryIdAt(node, at), entryFieldsAt(node, at)));
  }

  /** `scan` without the copies: each entry as its node and place (read with `entryIdAt` & co). */
  scanPacked(
    range: { readonly from: StreamId; readonly to: StreamId; readonly reverse?: boolean },
    visit: PackedVisit,
  ): void {
    if (range.from > range.to) {
      return;
    }
    const start = probeOf(range.from);
    const end = probeOf(range.to);
    if (range.reverse === true) {
      this.#scanDown({ start, end }, visit);
      return;
    }
    let index = this.#nodeFor(start);
    let at = index < this.#nodes.length ? lowerBound(this.#nodes[index] as EntryNode, start) : 0;
    for (; index < this.#nodes.length; index++) {
      const node = this.#nodes[index] as EntryNode;
      for (; at < node.count; at++) {
        if (compareAt(end, node, at) > 0 || visit(node, at) === false) {
          return;
        }
      }
      at = 0;
    }
  }

  #scanDown(range: { readonly start: Probe; readonly end: Probe }, visit: PackedVisit): void {
    // The last entry ≤ end: the one before the first entry > end.
    let index = this.#nodeFor(range.end);
    let at: number;
    const node = this.#nodes[index];
    if (node === undefined) {
      index = this.#nodes.length - 1;
      at = (this.#nodes[index]?.count ?? 0) - 1;
    } else {
      at = lowerBound(node, range.end);
      if (at === node.count || compareAt(range.end, node, at) !== 0) {
        at--;
      }
    }
    for (; index >= 0; index--) {
      const current = this.#nodes[index] as EntryNode;
      for (; at >= 0; at--) {
        if (compareAt(range.start, current, at) < 0 || visit(current, at) === false) {
          return;
        }
      }
      at = (this.#nodes[index - 1]?.count ?? 0) - 1;
    }
  }

  /** A copy (the strings are shared: they never change). */
  clone(): StreamEntries {
    const copy = new StreamEntries(this.#capacity);
    copy.#size = this.#size;
    copy.#nodes = this.#nodes.map((node) => ({
      count: node.count,
      room: node.room,
      columns: node.columns.slice(),
      exact: node.exact === undefined ? undefined : [...node.exact],
      data: [...node.data],
    }));
    return copy;
  }

  #newNode(): EntryNode {
    // A stream's first node starts small; the ones after a full node take the whole capacity.
    const room = this.#nodes.length === 0 ? Math.min(FIRST_ROOM, this.#capacity) : this.#capacity;
    const node: EntryNode = {
      count: 0,
      room,
      columns: new Float64Array(3 * room),
      exact: undefined,
      data: [],
    };
    this.#nodes.push(node);
    return node;
  }

  /** The node that would hold the probe: the first whose last entry is ≥ it (length when none). */
  #nodeFor(probe: Probe): number {
    const nodes = this.#nodes;
    let low = 0;
    let high = nodes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const node = nodes[middle] as EntryNode;
      if (compareAt(probe, node, node.count - 1) < 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }
}

/** Moves `node`'s columns into room for `room` entries. */
function growNode(node: EntryNode, room: number): void {
  const old = node.columns;
  const columns = new Float64Array(3 * room);
  for (let run = 0; run < 3; run++) {
    columns.set(old.subarray(run * node.room, run * node.room + node.count), run * room);
  }
  node.columns = columns;
  node.room = room;
}

/** Removes `count` entries of `node` from `at`, closing the gap in its columns and data. */
function removeEntries(node: EntryNode, at: number, count: number): void {
  const from = entryStart(node, at);
  const to = entryEnd(node, at + count - 1);
  node.data.splice(from, to - from);
  node.exact?.splice(at, count);
  const { columns, room } = node;
  for (let run = 0; run < 3; run++) {
    columns.copyWithin(run * room + at, run * room + at + count, run * room + node.count);
  }
  node.count -= count;
  const width = to - from;
  for (let i = 2 * room + at; i < 2 * room + node.count; i++) {
    columns[i] = (columns[i] as number) - width;
  }
}
