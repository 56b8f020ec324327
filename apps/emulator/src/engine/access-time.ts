/**
 * A key's access stamp, Redis's 24-bit `robj->lru` field (src/evict.c, src/object.c): under an LRU
 * (or non-LFU) maxmemory policy the LRU clock in seconds when the key was last looked up; under an
 * LFU policy `(minutes << 8) | counter`, a logarithmic access counter that decays one step per
 * `lfu-decay-time` minutes. One number per key, kept by the keyspace beside the value; the policy
 * decides how it reads, so a policy change reinterprets old stamps as Redis does.
 */

/** LFU_INIT_VAL: the counter of a new key, so that it is not evicted before it can be used. */
const LFU_INITIAL_COUNTER = 5;
const LFU_MAX_COUNTER = 255;
/** LRU_CLOCK_MAX: the clock wraps at 24 bits of seconds. */
const LRU_CLOCK_WRAP = 2 ** 24;
const MINUTES_WRAP = 2 ** 16;

/** What the stamps depend on, read from the configuration when it changes. */
export interface AccessPolicy {
  readonly isLfu: boolean;
  /** `lfu-log-factor`. */
  readonly logFactor: number;
  /** `lfu-decay-time` in minutes; 0 never decays. */
  readonly decayMinutes: number;
}

function lruClock(nowMs: number): number {
  return Math.floor(nowMs / 1000) % LRU_CLOCK_WRAP;
}

function minutes(nowMs: number): number {
  return Math.floor(nowMs / 60_000) % MINUTES_WRAP;
}

/** The stamp of a new key (`createObject`). */
export function freshStamp(policy: AccessPolicy, nowMs: number): number {
  return policy.isLfu ? minutes(nowMs) * 256 + LFU_INITIAL_COUNTER : lruClock(nowMs);
}

/** The stamp a lookup leaves (`lookupKey` → `updateLFU` or `LRU_CLOCK()`). */
export function touchedStamp(
  previous: number,
  options: { policy: AccessPolicy; nowMs: number; random: () => number },
): number {
  const { policy, nowMs } = options;
  if (!policy.isLfu) {
    return lruClock(nowMs);
  }
  const counter = logIncrement(decayedCounter(previous, policy, nowMs), {
    logFactor: policy.logFactor,
    random: options.random,
  });
  return minutes(nowMs) * 256 + counter;
}

/** OBJECT IDLETIME in seconds (`estimateObjectIdleTime`, wrap-around included). */
export function idleSeconds(stamp: number, nowMs: number): number {
  const clock = lruClock(nowMs);
  return clock >= stamp ? clock - stamp : LRU_CLOCK_WRAP - stamp + clock;
}

/** OBJECT FREQ (`LFUDecrAndReturn`): the counter after the decay due by now. */
export function frequency(stamp: number, options: { policy: AccessPolicy; nowMs: number }): number {
  return decayedCounter(stamp, options.policy, options.nowMs);
}

/** `LFUDecrAndReturn`: the counter less one per elapsed decay period. */
function decayedCounter(stamp: number, policy: AccessPolicy, nowMs: number): number {
  const counter = stamp % 256;
  if (policy.decayMinutes === 0) {
    return counter;
  }
  const then = Math.floor(stamp / 256) % MINUTES_WRAP;
  const now = minutes(nowMs);
  const elapsed = now >= then ? now - then : MINUTES_WRAP - then + now;
  const periods = Math.floor(elapsed / policy.decayMinutes);
  return periods > counter ? 0 : counter - periods;
}

/** `LFULogIncr`: the higher the counter, the less likely an access raises it. */
function logIncrement(
  counter: number,
  options: { logFactor: number; random: () => number },
): number {
  if (counter === LFU_MAX_COUNTER) {
    return counter;
  }
  const base = Math.max(0, counter - LFU_INITIAL_COUNTER);
  const probability = 1 / (base * options.logFactor + 1);
  return options.random() < probability ? counter + 1 : counter;
}
