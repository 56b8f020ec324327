/**
 * What a key can hold. Strings are stored as plain binary strings (the hot path allocates nothing);
 * every other type is an object naming its type, defined in its own `values/<type>.ts`.
 */

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

export type StoredValue = string | ContainerValue;

export function typeOf(value: StoredValue): ValueType {
  return typeof value === "string" ? "string" : value.type;
}
