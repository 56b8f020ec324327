/**
 * Sets (src/t_set.c) with Redis's three encodings and their observable orders:
 * - **intset**: only integers (canonical `string2ll` text), at most `set-max-intset-entries`;
 *   members are kept sorted ascending, as an intset is, so SMEMBERS returns them in numeric order.
 * - **listpack**: at most `set-max-listpack-entries` members of at most `set-max-listpack-value`
 *   bytes, in insertion order (deletes close the gap).
 * - **hashtable**: anything larger; order is unspecified.
 *
 * Storage is one layout for every encoding: an array of members plus a `member → position` map,
 * so membership is O(1) and a random member (SPOP, SRANDMEMBER) is O(1). Small encodings pay
 * O(n) per insert/delete to keep their order, as Redis's intset and listpack do; the hashtable
 * encoding deletes by moving the last member into the hole (O(1)).
 *
 * SSCAN over a hashtable walks positions from the top down (`scanPositions` in `hash.ts`
 * explains the cursor); positions only move down, so every member present for the whole iteration
 * is returned at least once. Small encodings are returned whole in one call, as Redis does.
 */
import type { ConfigApi, NotifyClass } from "../config.ts";
import type { Database } from "../keyspace.ts";
import { parseIntegerArg } from "../numbers.ts";
import { INDEX_THRESHOLD, SMALL_ARRAY, scanPositions } from "./hash.ts";
import type { ContainerValue } from "./types.ts";

export type SetEncoding = "intset" | "listpack" | "hashtable";

/** The `set-max-*` limits that decide the encoding (read once per command). */
export interface SetLimits {
  readonly maxIntsetEntries: number;
  readonly maxListpackEntries: number;
  readonly maxListpackValueLength: number;
}

export function setLimits(config: Pick<ConfigApi, "derived">): SetLimits {
  return config.derived(readSetLimits);
}

function readSetLimits(config: ConfigApi): SetLimits {
  return {
    // `intsetMaxEntries`: intsets are capped at 2^30 entries whatever the configuration says.
    maxIntsetEntries: Math.min(Number(config.value("set-max-intset-entries")), 2 ** 30),
    maxListpackEntries: Number(config.value("set-max-listpack-entries")),
    maxListpackValueLength: Number(config.value("set-max-listpack-value")),
  };
}

/** Whether `member` is an integer an intset can hold (`string2ll`: canonical, 64-bit). */
export function isIntegerMember(member: string): boolean {
  return member.length <= 20 && parseIntegerArg(member) !== undefined;
}

/** Numeric order of two canonical integers, without parsing them. */
function compareIntegers(a: string, b: string): number {
  const aNegative = a.charCodeAt(0) === 0x2d;
  const bNegative = b.charCodeAt(0) === 0x2d;
  if (aNegative !== bNegative) {
    return aNegative ? -1 : 1;
  }
  if (a === b) {
    return 0;
  }
  // Same sign: the shorter magnitude is smaller, else compare digit by digit; negatives flip.
  const isLess = a.length !== b.length ? a.length < b.length : a < b;
  return isLess !== aNegative ? -1 : 1;
}

export class SetValue implements ContainerValue {
  /** `member → position`, built once the set outgrows `INDEX_THRESHOLD` (see `hash.ts`). */
  #index: Map<string, number> | undefined;
  #members: string[] = [];
  #encoding: SetEncoding;

  constructor(encoding: SetEncoding = "intset") {
    this.#encoding = encoding;
  }

  /** `setTypeCreate`: the encoding a new set starts with, from its first member and a size hint. */
  static create(first: string, sizeHint: number, limits: SetLimits): SetValue {
    if (isIntegerMember(first) && sizeHint <= limits.maxIntsetEntries) {
      return new SetValue("intset");
    }
    return new SetValue(sizeHint <= limits.maxListpackEntries ? "listpack" : "hashtable");
  }

  get type(): "set" {
    return "set";
  }

  get size(): number {
    return this.#members.length;
  }

  isEmpty(): boolean {
    return this.#members.length === 0;
  }

  encoding(): SetEncoding {
    return this.#encoding;
  }

  clone(): SetValue {
    const copy = new SetValue(this.#encoding);
    copy.#members = [...this.#members];
    copy.#index = this.#index === undefined ? undefined : new Map(this.#index);
    return copy;
  }

  has(member: string): boolean {
    return this.#positionOf(member) >= 0;
  }

  /** Members in the encoding's order; do not keep it across changes. */
  get members(): readonly string[] {
    return this.#members;
  }

  at(position: number): string {
    return this.#members[position] ?? "";
  }

  /** `setTypeMaybeConvert`: goes straight to a hashtable when `sizeHint` members are coming. */
  reserve(sizeHint: number, limits: SetLimits): void {
    if (
      (this.#encoding === "listpack" && sizeHint > limits.maxListpackEntries) ||
      (this.#encoding === "intset" && sizeHint > limits.maxIntsetEntries)
    ) {
      this.#encoding = "hashtable";
    }
  }

  /** Adds `member`, converting the encoding as `setTypeAddAux` does; true if it was new. */
  add(member: string, limits: SetLimits): boolean {
    if (this.has(member)) {
      return false;
    }
    switch (this.#encoding) {
      case "hashtable":
        this.#append(member);
        return true;
      case "listpack":
        if (
          this.#members.length >= limits.maxListpackEntries ||
          member.length > limits.maxListpackValueLength
        ) {
          this.#encoding = "hashtable";
        }
        this.#append(member);
        return true;
      case "intset":
        this.#addToIntset(member, limits);
        return true;
      default:
        return assertNever(this.#encoding);
    }
  }

  /** Removes `member`; true if it was there. */
  remove(member: string): boolean {
    const position = this.#positionOf(member);
    if (position < 0) {
      return false;
    }
    this.#index?.delete(member);
    const members = this.#members;
    const last = members.length - 1;
    if (this.#encoding === "hashtable") {
      if (position !== last) {
        const moved = members[last] ?? "";
        members[position] = moved;
        this.#index?.set(moved, position);
      }
      members.pop();
      return true;
    }
    members.splice(position, 1);
    this.#reindexFrom(position);
    return true;
  }

  /**
   * `maybeConvertToIntset` (SINTERSTORE): becomes an intset when every member is an integer and
   * there are not too many.
   */
  convertToIntsetIfPossible(limits: SetLimits): void {
    if (
      this.#encoding === "intset" ||
      this.#members.length > limits.maxIntsetEntries ||
      !this.#members.every(isIntegerMember)
    ) {
      return;
    }
    this.#members.sort(compareIntegers);
    this.#reindexFrom(0);
    this.#encoding = "intset";
  }

  /** One SSCAN step over the hashtable encoding (see the module comment). */
  scanPositions(cursor: number, count: number): { next: number; positions: number[] } {
    return scanPositions(this.#members.length, cursor, count);
  }

  #addToIntset(member: string, limits: SetLimits): void {
    const members = this.#members;
    if (!isIntegerMember(member)) {
      // A string turns a small intset into a listpack (sorted members first), else a hashtable.
      const first = members[0];
      const last = members[members.length - 1];
      const longest = Math.max(first?.length ?? 0, last?.length ?? 0);
      const fitsListpack =
        members.length < limits.maxListpackEntries &&
        member.length <= limits.maxListpackValueLength &&
        longest <= limits.maxListpackValueLength;
      this.#encoding = fitsListpack ? "listpack" : "hashtable";
      this.#append(member);
      return;
    }
    const last = members[members.length - 1];
    if (last === undefined || compareIntegers(member, last) > 0) {
      this.#append(member);
    } else {
      // Binary search for the insertion point, then shift (O(n), like intsetAdd's memmove).
      let low = 0;
      let high = members.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (compareIntegers(members[middle] ?? "", member) < 0) {
          low = middle + 1;
        } else {
          high = middle;
        }
      }
      if (members.length < SMALL_ARRAY) {
        this.#members = members.slice(0, low).concat(member, members.slice(low));
      } else {
        members.splice(low, 0, member);
      }
      this.#reindexFrom(low);
    }
    if (this.#members.length > limits.maxIntsetEntries) {
      this.#encoding = "hashtable";
    }
  }

  #append(member: string): void {
    this.#index?.set(member, this.#members.length);
    if (this.#members.length < SMALL_ARRAY) {
      // `concat` allocates the exact size; `push` would reserve room for 16 more members.
      this.#members = this.#members.concat(member);
    } else {
      this.#members.push(member);
    }
    this.#indexIfLarge();
  }

  #reindexFrom(start: number): void {
    const index = this.#index;
    if (index === undefined) {
      this.#indexIfLarge();
      return;
    }
    const members = this.#members;
    for (let position = start; position < members.length; position++) {
      index.set(members[position] ?? "", position);
    }
  }

  #indexIfLarge(): void {
    if (this.#index === undefined && this.#members.length > INDEX_THRESHOLD) {
      this.#index = new Map(this.#members.map((member, at) => [member, at]));
    }
  }

  /** The position of `member`, or -1. */
  #positionOf(member: string): number {
    return this.#index === undefined
      ? this.#members.indexOf(member)
      : (this.#index.get(member) ?? -1);
  }
}

function assertNever(value: never): never {
  throw new Error(`unexpected set encoding ${String(value)}`);
}

// ---- multi-key operations shared by the set commands ------------------------------------------

/**
 * The sets at `keys` in order (undefined for missing keys). Every key is type-checked before any
 * work, as Redis looks them all up first.
 */
export function lookupSets(db: Database, keys: readonly string[]): (SetValue | undefined)[] {
  return keys.map((key) => db.getContainer(key, "set"));
}

/**
 * SUNION (`sunionDiffGenericCommand`, SET_OP_UNION): a new set, started as an intset and grown by
 * `add`, so its encoding and order are those Redis's result has.
 */
export function unionOf(sets: readonly (SetValue | undefined)[], limits: SetLimits): SetValue {
  const result = new SetValue("intset");
  for (const set of sets) {
    for (const member of set?.members ?? []) {
      result.add(member, limits);
    }
  }
  return result;
}

/**
 * SDIFF: the members of the first set in none of the others. Like Redis, it either checks each
 * member of the first set against the others (O(N·M)) or copies the first set and removes the
 * others' members (O(total)), whichever is estimated cheaper.
 */
export function differenceOf(sets: readonly (SetValue | undefined)[], limits: SetLimits): SetValue {
  const result = new SetValue("intset");
  const [first, ...others] = sets;
  if (first === undefined || others.includes(first)) {
    return result;
  }
  const present = others.filter((set): set is SetValue => set !== undefined);
  let checkEachWork = first.size;
  let removeAllWork = first.size;
  for (const set of present) {
    checkEachWork += first.size;
    removeAllWork += set.size;
  }
  // The per-member check has better constants when elements are shared: give it an advantage.
  if (Math.floor(checkEachWork / 2) <= removeAllWork) {
    // Larger sets first: a member is more likely to be found early.
    present.sort((a, b) => b.size - a.size);
    for (const member of first.members) {
      if (!present.some((set) => set.has(member))) {
        result.add(member, limits);
      }
    }
    return result;
  }
  for (const member of first.members) {
    result.add(member, limits);
  }
  for (const set of present) {
    for (const member of set.members) {
      result.remove(member);
    }
    if (result.isEmpty()) {
      break;
    }
  }
  return result;
}

/**
 * SINTER (`sinterGenericCommand`): the members of the smallest set found in all the others, in
 * that set's order. Yields nothing when a key is missing.
 */
export function* intersectionOf(sets: readonly (SetValue | undefined)[]): Generator<string> {
  const present = sets.filter((set): set is SetValue => set !== undefined);
  if (present.length < sets.length) {
    return;
  }
  present.sort((a, b) => a.size - b.size);
  const [smallest, ...others] = present;
  if (smallest === undefined) {
    return;
  }
  for (const member of smallest.members) {
    if (others.every((set) => set === smallest || set.has(member))) {
      yield member;
    }
  }
}

/**
 * The `*STORE` ending: stores a non-empty `result` at `key` (replacing any value and TTL) with the
 * command's event, or deletes `key` (`del`) when the result is empty. Returns the stored size.
 */
export function storeSet(
  ctx: {
    readonly db: Database;
    modified(key: string, event: string, type: NotifyClass): void;
  },
  target: { readonly key: string; readonly result: SetValue; readonly event: string },
): number {
  const { key, result, event } = target;
  if (result.isEmpty()) {
    if (ctx.db.delete(key)) {
      ctx.modified(key, "del", "g");
    }
    return 0;
  }
  ctx.db.set(key, result);
  ctx.modified(key, event, "s");
  return result.size;
}
