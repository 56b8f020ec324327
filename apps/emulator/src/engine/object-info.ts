/**
 * What OBJECT and DEBUG OBJECT report about a stored value (src/object.c); MEMORY USAGE's
 * estimate is `memory-size.ts`.
 */
import type { ConfigApi } from "./config.ts";
import { parseIntegerArg } from "./numbers.ts";
import { stringEncoding } from "./values/string.ts";
import type { StoredValue } from "./values/types.ts";

/** OBJECT ENCODING: `int`/`embstr`/`raw` for strings, the container's own answer otherwise. */
export function encodingOf(value: StoredValue): string {
  return typeof value === "string" ? stringEncoding(value) : value.encoding();
}

/** Redis shares the integers 0..9999 (OBJ_SHARED_INTEGERS) unless eviction needs per-key LRU/LFU. */
const SHARED_INTEGERS = 10_000;
/** OBJ_SHARED_REFCOUNT: what OBJECT REFCOUNT answers for a shared object. */
const SHARED_REFCOUNT = 2_147_483_647;

/** OBJECT REFCOUNT: shared small integers report INT_MAX, everything else 1. */
export function refcountOf(value: StoredValue, config: Pick<ConfigApi, "value">): number {
  if (typeof value !== "string" || stringEncoding(value) !== "int") {
    return 1;
  }
  const n = parseIntegerArg(value);
  const isShared = typeof n === "number" && n >= 0 && n < SHARED_INTEGERS;
  // tryObjectEncoding skips shared integers when maxmemory is set with an LRU/LFU policy.
  const policy = config.value("maxmemory-policy");
  const needsOwnObject =
    config.value("maxmemory") !== "0" && (policy.includes("lru") || policy.includes("lfu"));
  return isShared && !needsOwnObject ? SHARED_REFCOUNT : 1;
}

/** Whether the maxmemory policy tracks access frequency (LFU) rather than idle time (LRU). */
export function isLfuPolicy(config: Pick<ConfigApi, "value">): boolean {
  return config.value("maxmemory-policy").includes("lfu");
}
