/**
 * The list (src/t_list.c): a growable ring buffer of binary strings, so pushes and pops at both
 * ends and access by index are O(1), and inserting or removing in the middle moves the shorter
 * side only.
 *
 * `OBJECT ENCODING` follows Redis ≥ 7.2: a small list is a `listpack` and becomes a `quicklist` when
 * it outgrows `list-max-listpack-size`, and converts back once it shrinks to half the limit. The
 * list keeps a running estimate of its listpack size in bytes for that, the way `lpBytes` counts.
 */
import type { ConfigApi } from "../config.ts";
import { EMPTY_LISTPACK, listpackEntrySize as entrySize } from "../listpack-size.ts";
import type { ContainerValue } from "./types.ts";

/** The smallest ring; it doubles when full and halves when a quarter full. */
const MIN_CAPACITY = 4;
/** `optimization_level` in src/quicklist.c: the byte limit of `list-max-listpack-size` −1 … −5. */
const NODE_SIZE_LIMITS = [4096, 8192, 16384, 32768, 65536] as const;
/** `SIZE_SAFETY_LIMIT`: a count-limited node never grows past this many bytes either. */
const SIZE_SAFETY_LIMIT = 8192;

/** Which end of a list: LEFT (head) or RIGHT (tail). */
export type ListEnd = "left" | "right";

export class List implements ContainerValue {
  readonly type = "list";
  #items: (string | undefined)[];
  #head = 0;
  #length = 0;
  /** What `lpBytes` would answer if this list were one listpack. */
  #bytes = EMPTY_LISTPACK;
  #isQuicklist = false;

  constructor(values: Iterable<string> = []) {
    this.#items = new Array<string | undefined>(MIN_CAPACITY);
    for (const value of values) {
      this.pushTail(value);
    }
  }

  get length(): number {
    return this.#length;
  }

  /** `lpBytes` of the list as one listpack (what the listpack encoding's MEMORY USAGE counts). */
  get listpackBytes(): number {
    return this.#bytes;
  }

  isEmpty(): boolean {
    return this.#length === 0;
  }

  encoding(): string {
    return this.#isQuicklist ? "quicklist" : "listpack";
  }

  clone(): List {
    const copy = new List(this.values());
    copy.#isQuicklist = this.#isQuicklist;
    return copy;
  }

  *values(): IterableIterator<string> {
    for (let i = 0; i < this.#length; i++) {
      yield this.#slot(i) as string;
    }
  }

  pushHead(value: string): void {
    this.#grow();
    this.#head = (this.#head - 1) & (this.#items.length - 1);
    this.#items[this.#head] = value;
    this.#length++;
    this.#bytes += entrySize(value);
  }

  pushTail(value: string): void {
    this.#grow();
    this.#items[(this.#head + this.#length) & (this.#items.length - 1)] = value;
    this.#length++;
    this.#bytes += entrySize(value);
  }

  push(value: string, end: ListEnd): void {
    if (end === "left") {
      this.pushHead(value);
    } else {
      this.pushTail(value);
    }
  }

  popHead(): string | undefined {
    if (this.#length === 0) {
      return undefined;
    }
    const value = this.#items[this.#head] as string;
    this.#items[this.#head] = undefined;
    this.#head = (this.#head + 1) & (this.#items.length - 1);
    this.#length--;
    this.#bytes -= entrySize(value);
    this.#shrink();
    return value;
  }

  popTail(): string | undefined {
    if (this.#length === 0) {
      return undefined;
    }
    const index = (this.#head + this.#length - 1) & (this.#items.length - 1);
    const value = this.#items[index] as string;
    this.#items[index] = undefined;
    this.#length--;
    this.#bytes -= entrySize(value);
    this.#shrink();
    return value;
  }

  pop(end: ListEnd): string | undefined {
    return end === "left" ? this.popHead() : this.popTail();
  }

  /** The element at 0 ≤ `index` < length, else undefined. */
  at(index: number): string | undefined {
    return index >= 0 && index < this.#length ? this.#slot(index) : undefined;
  }

  /** Replaces the element at 0 ≤ `index` < length; false when out of range. */
  set(index: number, value: string): boolean {
    if (index < 0 || index >= this.#length) {
      return false;
    }
    const slot = (this.#head + index) & (this.#items.length - 1);
    this.#bytes += entrySize(value) - entrySize(this.#items[slot] as string);
    this.#items[slot] = value;
    return true;
  }

  /** The elements at indexes [start, end], both within the list, in order. */
  slice(start: number, end: number): string[] {
    const result: string[] = [];
    for (let i = start; i <= end; i++) {
      result.push(this.#slot(i) as string);
    }
    return result;
  }

  /** Inserts `value` so that it ends up at `index` (0 ≤ index ≤ length), moving the shorter side. */
  insert(index: number, value: string): void {
    if (index <= this.#length >>> 1) {
      this.pushHead(value);
      for (let i = 0; i < index; i++) {
        this.#setSlot(i, this.#slot(i + 1) as string);
      }
    } else {
      this.pushTail(value);
      for (let i = this.#length - 1; i > index; i--) {
        this.#setSlot(i, this.#slot(i - 1) as string);
      }
    }
    this.#setSlot(index, value);
  }

  /**
   * LREM: removes up to `count` elements equal to `value` from the head (count > 0), from the tail
   * (count < 0) or all of them (0), compacting in one pass. Returns how many were removed.
   */
  removeMatching(value: string, count: number): number {
    const limit = count === 0 ? Number.POSITIVE_INFINITY : Math.abs(count);
    const fromTail = count < 0;
    const keep: string[] = [];
    let removed = 0;
    for (let n = 0; n < this.#length; n++) {
      const index = fromTail ? this.#length - 1 - n : n;
      const element = this.#slot(index) as string;
      if (element === value && removed < limit) {
        removed++;
      } else {
        keep.push(element);
      }
    }
    if (removed > 0) {
      if (fromTail) {
        keep.reverse();
      }
      this.#replaceAll(keep);
    }
    return removed;
  }

  /** LTRIM: keeps indexes [start, end] (already clamped; start > end empties the list). */
  trim(start: number, end: number): void {
    const dropTail = this.#length - 1 - end;
    for (let i = 0; i < start && this.#length > 0; i++) {
      this.popHead();
    }
    for (let i = 0; i < dropTail && this.#length > 0; i++) {
      this.popTail();
    }
  }

  /** Marks the list as a quicklist (RESTORE of a payload Redis would keep as one). */
  useQuicklist(): void {
    this.#isQuicklist = true;
  }

  /**
   * `listTypeTryConversionAppend`: before adding `added`, a listpack that would outgrow the limit
   * becomes a quicklist. Like Redis, the check adds the raw lengths of the new elements.
   */
  convertBeforeGrowing(fill: number, added: readonly string[]): void {
    if (this.#isQuicklist) {
      return;
    }
    let addedBytes = 0;
    for (const value of added) {
      addedBytes += value.length;
    }
    if (exceedsNodeLimit(fill, this.#bytes + addedBytes, this.#length + added.length)) {
      this.#isQuicklist = true;
    }
  }

  /**
   * `listTypeTryConversion(…, LIST_CONV_SHRINKING)`: a quicklist that fits in half a node becomes
   * a listpack again. Redis also requires the quicklist to be a single node; we approximate that
   * with the whole list's size, which agrees except after pops from both ends of a multi-node list.
   */
  convertAfterShrinking(fill: number): void {
    if (!this.#isQuicklist) {
      return;
    }
    const { bytes, count } = nodeLimits(fill);
    if (this.#bytes <= Math.floor(bytes / 2) && this.#length <= Math.floor(count / 2)) {
      this.#isQuicklist = false;
    }
  }

  #slot(index: number): string | undefined {
    return this.#items[(this.#head + index) & (this.#items.length - 1)];
  }

  #setSlot(index: number, value: string): void {
    this.#items[(this.#head + index) & (this.#items.length - 1)] = value;
  }

  #replaceAll(values: readonly string[]): void {
    let capacity = MIN_CAPACITY;
    while (capacity < values.length) {
      capacity *= 2;
    }
    this.#items = new Array<string | undefined>(capacity);
    this.#head = 0;
    this.#length = 0;
    this.#bytes = EMPTY_LISTPACK;
    for (const value of values) {
      this.pushTail(value);
    }
  }

  /** Doubles the ring when full, unrolling it so the head is at 0. */
  #grow(): void {
    if (this.#length < this.#items.length) {
      return;
    }
    this.#resize(this.#items.length * 2);
  }

  /** Halves the ring when it is a quarter full, so a drained list gives its memory back. */
  #shrink(): void {
    if (this.#items.length > MIN_CAPACITY && this.#length <= this.#items.length >>> 2) {
      this.#resize(this.#items.length >>> 1);
    }
  }

  #resize(capacity: number): void {
    const items = new Array<string | undefined>(capacity);
    for (let i = 0; i < this.#length; i++) {
      items[i] = this.#slot(i);
    }
    this.#items = items;
    this.#head = 0;
  }
}

/** `list-max-listpack-size` as CONFIG holds it now (read once per change: every push asks). */
export function listFill(config: Pick<ConfigApi, "derived">): number {
  return config.derived(readListFill);
}

function readListFill(config: ConfigApi): number {
  return Number(config.value("list-max-listpack-size"));
}

/** `quicklistNodeLimit`: a negative fill limits bytes per node, a positive one entries. */
function nodeLimits(fill: number): { bytes: number; count: number } {
  if (fill >= 0) {
    return { bytes: Number.POSITIVE_INFINITY, count: fill === 0 ? 1 : fill };
  }
  const level = Math.min(-fill - 1, NODE_SIZE_LIMITS.length - 1);
  return { bytes: NODE_SIZE_LIMITS[level] ?? SIZE_SAFETY_LIMIT, count: Number.POSITIVE_INFINITY };
}

/** `quicklistNodeExceedsLimit`. */
function exceedsNodeLimit(fill: number, bytes: number, count: number): boolean {
  const limits = nodeLimits(fill);
  if (limits.bytes !== Number.POSITIVE_INFINITY) {
    return bytes > limits.bytes;
  }
  return bytes > SIZE_SAFETY_LIMIT || count > limits.count;
}
