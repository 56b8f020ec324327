/**
 * Unique key names for tests that share one emulator, so `test.concurrent` files and parallel
 * workers never touch each other's data (STYLE.md §9, after upstash's `keygen()`).
 */
import { randomBytes } from "node:crypto";

/** Distinguishes this process from other Vitest workers sharing a globalSetup emulator. */
const PROCESS_TAG = `${process.pid.toString(36)}${randomBytes(3).toString("hex")}`;
let counter = 0;

/**
 * A key name nobody else in this test run uses: `test:<process>:<n>[:<label>]`.
 *
 * @example
 * const key = uniqueKey("cart"); // "test:k3x9a1b2c3:7:cart"
 */
export function uniqueKey(label?: string): string {
  counter += 1;
  const base = `test:${PROCESS_TAG}:${counter.toString(36)}`;
  return label === undefined ? base : `${base}:${label}`;
}

/**
 * A unique prefix plus a key maker under it, for tests that clean up with one `SCAN MATCH`.
 *
 * @example
 * const keys = createKeyspace("orders");
 * keys.key("1"); // "test:k3x9a1b2c3:8:orders:1"
 * keys.pattern;  // "test:k3x9a1b2c3:8:orders:*"
 */
export function createKeyspace(label?: string): Keyspace {
  const prefix = uniqueKey(label);
  return { prefix, pattern: `${prefix}:*`, key: (name) => `${prefix}:${name}` };
}

/** What {@link createKeyspace} returns. */
export interface Keyspace {
  readonly prefix: string;
  /** A glob for `SCAN MATCH` / `KEYS` that covers every key made here. */
  readonly pattern: string;
  key(name: string): string;
}
