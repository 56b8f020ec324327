/**
 * What OBJECT, DEBUG OBJECT and MEMORY USAGE report about a stored value (src/object.c).
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

/**
 * MEMORY USAGE's estimate in bytes, computed like `objectComputeSize` for strings: the dict entry
 * (24), the key's sds and the value's allocation, each rounded up to jemalloc's size classes.
 * Containers are sampled through the optional structural members their modules expose; without them
 * only a fixed overhead is counted.
 */
export function estimateMemoryUsage(key: string, value: StoredValue, samples: number): number {
  const fixed = 24 + allocationSize(sdsSize(key.length));
  if (typeof value === "string") {
    const encoding = stringEncoding(value);
    if (encoding === "int") {
      return fixed + ROBJ_SIZE;
    }
    if (encoding === "embstr") {
      // robj and sds share one allocation.
      return fixed + allocationSize(ROBJ_SIZE + sdsSize(value.length));
    }
    return fixed + ROBJ_SIZE + allocationSize(sdsSize(value.length));
  }
  return fixed + ROBJ_SIZE + estimateContainer(value, samples);
}

const ROBJ_SIZE = 16;

/** An sds string: header (sdshdr8/16/32 by length), the bytes and a terminating nul. */
function sdsSize(length: number): number {
  const header = length < 256 ? 3 : length < 65_536 ? 5 : 9;
  return header + length + 1;
}

/** jemalloc's size classes: 8, 16, then four classes per power of two. */
function allocationSize(bytes: number): number {
  if (bytes <= 8) {
    return 8;
  }
  if (bytes <= 128) {
    return Math.ceil(bytes / 16) * 16;
  }
  const spacing = 2 ** (Math.floor(Math.log2(bytes - 1)) - 2);
  return Math.ceil(bytes / spacing) * spacing;
}

interface SampledContainer {
  readonly size?: number;
  readonly length?: number;
  readonly members?: readonly string[];
  entries?(): Iterable<[string, unknown]>;
}

function estimateContainer(value: object, samples: number): number {
  const container = value as SampledContainer;
  const count = container.size ?? container.length ?? 0;
  let sampled = 0;
  let bytes = 0;
  const limit = samples === 0 ? Number.POSITIVE_INFINITY : samples;
  const visit = (element: string): void => {
    bytes += element.length;
    sampled++;
  };
  if (container.members !== undefined) {
    for (const member of container.members) {
      if (sampled >= limit) {
        break;
      }
      visit(member);
    }
  } else if (typeof container.entries === "function") {
    for (const [member, extra] of container.entries()) {
      if (sampled >= limit) {
        break;
      }
      visit(member + (typeof extra === "string" ? extra : "        "));
    }
  }
  const perElement = sampled === 0 ? 16 : bytes / sampled + 16;
  // Redis's containers carry a header of a few dozen bytes even when small.
  return 64 + Math.round(perElement * count);
}
