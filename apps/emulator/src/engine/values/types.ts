/**
 * What a key can hold. Strings are stored as plain binary strings (the hot path allocates nothing);
 * every other type is an object naming its type, defined in its own `values/<type>.ts`.
 */

import type { HashValue } from "./hash.ts";
import type { JsonDocument } from "./json/value.ts";
import type { List } from "./list.ts";
import type { SetValue } from "./set.ts";
import type { SortedSet } from "./sorted-set.ts";
import type { StreamValue } from "./stream.ts";

/** The names `TYPE` answers. */
export type ValueType = "string" | "list" | "set" | "zset" | "hash" | "stream" | "ReJSON-RL";

/** A non-string value: a list, set, hash, … */
export interface ContainerValue {
  readonly type: Exclude<ValueType, "string">;
  /** Whether the container is empty, so the key must be removed (Redis never keeps empty aggregates). */
  isEmpty(): boolean;
  /** A deep copy, for COPY. */
  clone(): ContainerValue;
  /** What `OBJECT ENCODING` answers for this value right now. */
  encoding(): string;
}

/** Every container the keyspace holds, told apart by `type`. */
export type Container = List | SetValue | SortedSet | HashValue | StreamValue | JsonDocument;

/** The container whose `type` is `T`. */
export type ContainerOf<T extends ContainerValue["type"]> = Extract<
  Container,
  { readonly type: T }
>;

export type StoredValue = string | Container;

export function typeOf(value: StoredValue): ValueType {
  return typeof value === "string" ? "string" : value.type;
}
