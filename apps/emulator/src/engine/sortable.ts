/**
 * What SORT reads from other types' containers, as minimal structural interfaces: the list, set,
 * sorted-set and hash modules are written separately, so SORT duck-types on `type` and on these
 * members instead of importing their classes. `values/list.ts` (`length`, `at`), `values/set.ts`
 * (`members`), `values/sorted-set.ts` (`entries`) and `values/hash.ts` (`get`) provide them.
 */
import type { StoredValue } from "./values/types.ts";

interface ListReader {
  readonly type: "list";
  readonly length: number;
  at(index: number): string | undefined;
}

interface SetReader {
  readonly type: "set";
  readonly members: readonly string[];
}

interface SortedSetReader {
  readonly type: "zset";
  entries(): Iterable<[string, number]>;
}

interface HashReader {
  readonly type: "hash";
  get(field: string): string | undefined;
}

/** The elements SORT works on, or undefined when the value is not a list, set or sorted set. */
export function sortableElements(value: StoredValue): string[] | undefined {
  if (typeof value === "string") {
    return undefined;
  }
  switch (value.type) {
    case "list": {
      const list = value as unknown as ListReader;
      const elements: string[] = [];
      for (let i = 0; i < list.length; i++) {
        elements.push(list.at(i) ?? "");
      }
      return elements;
    }
    case "set":
      return [...(value as unknown as SetReader).members];
    case "zset": {
      const elements: string[] = [];
      for (const [member] of (value as unknown as SortedSetReader).entries()) {
        elements.push(member);
      }
      return elements;
    }
    default:
      return undefined;
  }
}

/** A hash field for SORT's `key->field` patterns; undefined when not a hash or no such field. */
export function hashField(value: StoredValue | undefined, field: string): string | undefined {
  if (value === undefined || typeof value === "string" || value.type !== "hash") {
    return undefined;
  }
  return (value as unknown as HashReader).get(field);
}
