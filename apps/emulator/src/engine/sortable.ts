/**
 * What SORT reads from other types' containers: the elements of a list, set or sorted set, and
 * hash fields for `BY`/`GET` patterns. `StoredValue` is a closed union, so `type` narrows each.
 */
import type { StoredValue } from "./values/types.ts";

/** The elements SORT works on, or undefined when the value is not a list, set or sorted set. */
export function sortableElements(value: StoredValue): string[] | undefined {
  if (typeof value === "string") {
    return undefined;
  }
  switch (value.type) {
    case "list": {
      const elements: string[] = [];
      for (let i = 0; i < value.length; i++) {
        elements.push(value.at(i) ?? "");
      }
      return elements;
    }
    case "set":
      return [...value.members];
    case "zset": {
      const elements: string[] = [];
      for (const [member] of value.entries()) {
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
  return value.get(field);
}
