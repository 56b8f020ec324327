/**
 * @upstash/lock on both backends: mutual exclusion, status, extension, release by the holder only
 * (its release and extend are Lua scripts), and a waiter taking over once the lease lapses. Leases
 * are Redis TTLs, so that part runs on real time with a 300 ms lease.
 */
import { Lock } from "@upstash/lock";
import { Redis } from "@upstash/redis";
import { test } from "vitest";
import { describeBackends, type LibraryTarget } from "./backends.ts";

/**
 * The library's declarations name the SDK's CommonJS types and this file the ESM ones: the same
 * class at run time, two types to the compiler.
 */
type LockRedis = ConstructorParameters<typeof Lock>[0]["redis"];

function redisOn(target: LibraryTarget): LockRedis {
  const redis = new Redis({ url: target.url, token: target.token, enableTelemetry: false });
  return redis as unknown as LockRedis;
}

function lockOn(target: LibraryTarget, options: { id: string; lease: number }): Lock {
  return new Lock({ ...options, redis: redisOn(target), retry: { attempts: 1, delay: 10 } });
}

describeBackends("@upstash/lock", (target) => {
  test("one holder at a time; only the holder extends and releases", async ({ expect }) => {
    const id = `lock:${target().backend}:exclusive`;
    const first = lockOn(target(), { id, lease: 10_000 });
    const second = lockOn(target(), { id, lease: 10_000 });
    expect(await first.acquire()).toBe(true);
    expect(await second.acquire()).toBe(false);
    expect(await first.getStatus()).toBe("ACQUIRED");
    expect(await second.getStatus()).toBe("FREE");
    expect(await first.extend(5_000)).toBe(true);
    expect(await second.extend(5_000)).toBe(false);
    expect(await second.release()).toBe(false);
    expect(await first.release()).toBe(true);
    expect(await first.getStatus()).toBe("FREE");
    expect(await second.acquire()).toBe(true);
    expect(await second.release()).toBe(true);
  });

  test("a waiter gets the lock once the holder's lease lapses", async ({ expect }) => {
    const id = `lock:${target().backend}:lease`;
    // Measured from before the holder's acquire: its lease cannot lapse sooner than 300 ms later.
    const heldFrom = Date.now();
    expect(await lockOn(target(), { id, lease: 300 }).acquire()).toBe(true);
    const waiter = new Lock({
      id,
      redis: redisOn(target()),
      lease: 1_000,
      retry: { attempts: 20, delay: 50 },
    });
    expect(await waiter.acquire()).toBe(true);
    const waited = Date.now() - heldFrom;
    expect(waited).toBeGreaterThanOrEqual(300);
    expect(waited).toBeLessThan(1_500);
    expect(await waiter.release()).toBe(true);
  });
});
