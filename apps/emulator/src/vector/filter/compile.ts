/**
 * `compileFilter`: parse and compile a filter text once, then reuse it. Queries repeat the same
 * filter text over and over (every page of a resumable query, every query of a dashboard), so
 * compiled filters are cached by text in a bounded least-recently-used map.
 */

import { type FilterPredicate, toPredicate } from "./evaluate.ts";
import { parseFilter } from "./parser.ts";

/** How many distinct filter texts stay compiled; old ones are dropped first. */
export const FILTER_CACHE_SIZE = 512;

/** Longer texts are compiled on every call, so the cache's memory stays bounded too. */
export const MAX_CACHED_FILTER_LENGTH = 16 * 1024;

const cache = new Map<string, FilterPredicate>();

/**
 * The predicate for `text`; throws `FilterSyntaxError` when it does not parse (failures are not
 * cached, they are cheap to reproduce and rare).
 */
export function compileFilter(text: string): FilterPredicate {
  const cached = cache.get(text);
  if (cached !== undefined) {
    // Re-insert to mark as most recently used (a Map iterates in insertion order).
    cache.delete(text);
    cache.set(text, cached);
    return cached;
  }
  const predicate = toPredicate(parseFilter(text));
  if (text.length > MAX_CACHED_FILTER_LENGTH) {
    return predicate;
  }
  cache.set(text, predicate);
  if (cache.size > FILTER_CACHE_SIZE) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) {
      cache.delete(oldest.value);
    }
  }
  return predicate;
}

/** For tests: how many filters are cached now. */
export function compiledFilterCount(): number {
  return cache.size;
}
