/**
 * @upstash/ratelimit 2.x unmodified on both backends (issue 24): its scripts start with
 * `#!lua flags=allow-key-locking` and it calls EVALSHA with hard-coded SHAs, falling back to EVAL
 * on NOSCRIPT. Time: the library reads `Date`, which these tests fake (timers stay real), and the
 * engine's ManualClock moves with it; Redis's own clock only expires keys the windows no longer
 * read. blockUntilReady sleeps, so its test runs on real time with a 1 s window.
 */
import { Analytics, IpDenyList, MultiRegionRatelimit, Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import { afterAll, beforeAll, describe, test, vi } from "vitest";
import { describeBackends, type LibraryTarget } from "./backends.ts";

function redisOf(access: { url: string; token: string }): Redis {
  return new Redis({ url: access.url, token: access.token, enableTelemetry: false });
}

/**
 * The library's declarations name the SDK's CommonJS types and this file the ESM ones: the same
 * class at run time, two types to the compiler.
 */
type RatelimitRedis = ConstructorParameters<typeof Analytics>[0]["redis"];
function forRatelimit(redis: Redis): RatelimitRedis {
  return redis as unknown as RatelimitRedis;
}

/** Moves the library's `Date` and the engine's clock forward together. */
function advance(target: LibraryTarget, ms: number): void {
  vi.setSystemTime(Date.now() + ms);
  target.clock?.advance(ms);
}

/** A fresh prefix per test, so state never leaks between scenarios. */
let prefixCount = 0;
function freshPrefix(target: LibraryTarget): string {
  prefixCount++;
  return `rl-${target.backend}-${prefixCount}`;
}

describeBackends(
  "@upstash/ratelimit",
  (target) => {
    describe("on the library's clock", () => {
      beforeAll(() => {
        vi.useFakeTimers({ toFake: ["Date"] });
        // 1 s into a whole minute: every window of these tests starts there, so how much of the
        // previous window a sliding window still weighs is the same on every run.
        const start = Math.ceil(Date.now() / 60_000) * 60_000 + 1_000;
        vi.setSystemTime(start);
        target().clock?.set(start);
      });
      afterAll(() => {
        vi.useRealTimers();
      });

      test("fixedWindow: limit, getRemaining, the next window, resetUsedTokens", async ({
        expect,
      }) => {
        const ratelimit = new Ratelimit({
          redis: redisOf(target()),
          limiter: Ratelimit.fixedWindow(3, "10 s"),
          prefix: freshPrefix(target()),
          ephemeralCache: false,
        });
        const results = [];
        for (let i = 0; i < 4; i++) {
          results.push(await ratelimit.limit("user"));
        }
        expect(results.map((result) => [result.success, result.remaining])).toEqual([
          [true, 2],
          [true, 1],
          [true, 0],
          [false, 0],
        ]);
        expect(results[3]?.limit).toBe(3);
        expect(results[3]?.reset).toBeGreaterThan(Date.now());
        expect(await ratelimit.getRemaining("user")).toMatchObject({ remaining: 0, limit: 3 });
        advance(target(), 10_000);
        expect(await ratelimit.limit("user")).toMatchObject({ success: true, remaining: 2 });
        await ratelimit.limit("user");
        await ratelimit.resetUsedTokens("user");
        expect(await ratelimit.getRemaining("user")).toMatchObject({ remaining: 3 });
        expect(await ratelimit.limit("user")).toMatchObject({ success: true, remaining: 2 });
      });

      test("slidingWindow: the previous window still counts, weighted", async ({ expect }) => {
        const ratelimit = new Ratelimit({
          redis: redisOf(target()),
          limiter: Ratelimit.slidingWindow(4, "10 s"),
          prefix: freshPrefix(target()),
          ephemeralCache: false,
        });
        const outcomes = [];
        for (let i = 0; i < 5; i++) {
          outcomes.push((await ratelimit.limit("user")).success);
        }
        expect(outcomes).toEqual([true, true, true, true, false]);
        // Into the next window: the 4 earlier requests still weigh on it, so not all 4 are back.
        advance(target(), 10_000);
        const { remaining } = await ratelimit.getRemaining("user");
        expect(remaining).toBeLessThan(4);
        advance(target(), 20_000);
        expect(await ratelimit.getRemaining("user")).toMatchObject({ remaining: 4 });
        expect(await ratelimit.limit("user")).toMatchObject({ success: true, remaining: 3 });
        await ratelimit.resetUsedTokens("user");
        expect(await ratelimit.getRemaining("user")).toMatchObject({ remaining: 4 });
      });

      test("tokenBucket: empties, then refills by interval", async ({ expect }) => {
        const ratelimit = new Ratelimit({
          redis: redisOf(target()),
          limiter: Ratelimit.tokenBucket(2, "5 s", 3),
          prefix: freshPrefix(target()),
          ephemeralCache: false,
        });
        const outcomes = [];
        for (let i = 0; i < 4; i++) {
          outcomes.push((await ratelimit.limit("user")).success);
        }
        expect(outcomes).toEqual([true, true, true, false]);
        expect(await ratelimit.getRemaining("user")).toMatchObject({ remaining: 0 });
        advance(target(), 5_000);
        expect(await ratelimit.limit("user")).toMatchObject({ success: true, remaining: 1 });
        await ratelimit.resetUsedTokens("user");
        expect(await ratelimit.getRemaining("user")).toMatchObject({ remaining: 3 });
      });

      test("cachedFixedWindow, and the ephemeral cache blocking without a request", async ({
        expect,
      }) => {
        const cache = new Map<string, number>();
        const ratelimit = new Ratelimit({
          redis: redisOf(target()),
          limiter: Ratelimit.cachedFixedWindow(2, "10 s"),
          prefix: freshPrefix(target()),
          ephemeralCache: cache,
        });
        const outcomes = [];
        for (let i = 0; i < 3; i++) {
          outcomes.push((await ratelimit.limit("user")).success);
        }
        expect(outcomes).toEqual([true, true, false]);
        expect(await ratelimit.getRemaining("user")).toMatchObject({ remaining: 0 });
        advance(target(), 10_000);
        expect(await ratelimit.limit("user")).toMatchObject({ success: true });

        const blocking = new Ratelimit({
          redis: redisOf(target()),
          limiter: Ratelimit.fixedWindow(1, "10 s"),
          prefix: freshPrefix(target()),
          ephemeralCache: new Map(),
        });
        expect(await blocking.limit("user")).toMatchObject({ success: true });
        expect(await blocking.limit("user")).toMatchObject({ success: false });
        expect(await blocking.limit("user")).toMatchObject({
          success: false,
          reason: "cacheBlock",
        });
      });

      test("analytics: each limit() is recorded and read back", async ({ expect }) => {
        const prefix = freshPrefix(target());
        const redis = redisOf(target());
        const ratelimit = new Ratelimit({
          redis,
          limiter: Ratelimit.fixedWindow(2, "10 s"),
          prefix,
          analytics: true,
          ephemeralCache: false,
        });
        for (let i = 0; i < 3; i++) {
          const result = await ratelimit.limit("user", { geo: { country: "DE" } });
          await result.pending;
        }
        const usage = await new Analytics({ redis: forRatelimit(redis), prefix }).getUsage();
        expect(usage["user"]).toEqual({ success: 2, blocked: 1 });
      });

      test("deny lists: a listed value, and the IP deny list the library downloads", async ({
        expect,
      }) => {
        const prefix = freshPrefix(target());
        const redis = redisOf(target());
        const listed = `${prefix}-bad-agent`;
        await redis.sadd(`${prefix}:denyList:all`, listed);
        // The IP list comes from a public URL: served here from a local list.
        const deniedIp = `10.${prefixCount}.0.1`;
        const original = globalThis.fetch;
        vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
          const url = input instanceof Request ? input.url : String(input);
          return url.includes("ipsum")
            ? new Response(`${deniedIp}\n192.0.2.7\n`)
            : original(input, init);
        });
        try {
          const ratelimit = new Ratelimit({
            redis,
            limiter: Ratelimit.fixedWindow(10, "10 s"),
            prefix,
            enableProtection: true,
            ephemeralCache: false,
          });
          // The first check finds no IP list status: the library marks it pending, and
          // fetches and stores the list in that call's `pending`, which must be awaited.
          const denied = await ratelimit.limit("user", { userAgent: listed });
          expect(denied).toMatchObject({ success: false, reason: "denyList", deniedValue: listed });
          await denied.pending;
          expect(await redis.sismember(`${prefix}:denyList:ipDenyList`, deniedIp)).toBe(1);
          const allowed = await ratelimit.limit("user", { ip: "203.0.113.9" });
          expect(allowed.success).toBe(true);
          expect(await ratelimit.limit("user", { ip: deniedIp })).toMatchObject({
            success: false,
            reason: "denyList",
            deniedValue: deniedIp,
          });
          await IpDenyList.disableIpDenyList(forRatelimit(redis), prefix);
          expect(await redis.sismember(`${prefix}:denyList:all`, deniedIp)).toBe(0);
        } finally {
          vi.unstubAllGlobals();
        }
      });

      test("dynamic limits: set, read and cleared at runtime", async ({ expect }) => {
        const ratelimit = new Ratelimit({
          redis: redisOf(target()),
          limiter: Ratelimit.fixedWindow(5, "10 s"),
          prefix: freshPrefix(target()),
          dynamicLimits: true,
          ephemeralCache: false,
        });
        await ratelimit.setDynamicLimit({ limit: 1 });
        expect(await ratelimit.getDynamicLimit()).toEqual({ dynamicLimit: 1 });
        expect(await ratelimit.limit("user")).toMatchObject({ success: true, limit: 1 });
        expect(await ratelimit.limit("user")).toMatchObject({ success: false, limit: 1 });
        await ratelimit.setDynamicLimit({ limit: false });
        expect(await ratelimit.getDynamicLimit()).toEqual({ dynamicLimit: null });
        expect(await ratelimit.limit("user")).toMatchObject({ success: true, limit: 5 });
      });

      test("multi-region over three databases", async ({ expect }) => {
        const databases = await Promise.all(
          ["eu", "us", "ap"].map((region) =>
            target().createDatabase(`${region}-${freshPrefix(target())}`),
          ),
        );
        const ratelimit = new MultiRegionRatelimit({
          redis: databases.map((database) => forRatelimit(redisOf(database))),
          limiter: MultiRegionRatelimit.fixedWindow(3, "10 s"),
          prefix: freshPrefix(target()),
          ephemeralCache: false,
        });
        const outcomes = [];
        for (let i = 0; i < 5; i++) {
          const result = await ratelimit.limit("user");
          await result.pending;
          outcomes.push(result.success);
        }
        expect(outcomes).toEqual([true, true, true, false, false]);
        expect(await ratelimit.getRemaining("user")).toMatchObject({ remaining: 0 });
        advance(target(), 10_000);
        const next = await ratelimit.limit("user");
        expect(next).toMatchObject({ success: true });
        // The other regions learn of a request afterwards: wait for that before resetting.
        await next.pending;
        await ratelimit.resetUsedTokens("user");
        // MultiRegionRatelimit's resetTokens (2.2.0) starts the regions' reset scripts without
        // awaiting them, so the reset lands shortly after resetUsedTokens resolves.
        await expect
          .poll(async () => (await ratelimit.getRemaining("user")).remaining, { timeout: 2_000 })
          .toBe(3);
      });
    });

    test("blockUntilReady waits for the next window (real time, 1 s window)", async ({
      expect,
    }) => {
      target().clock?.set(Date.now());
      const ratelimit = new Ratelimit({
        redis: redisOf(target()),
        limiter: Ratelimit.fixedWindow(1, "1 s"),
        prefix: freshPrefix(target()),
        ephemeralCache: false,
      });
      expect(await ratelimit.limit("user")).toMatchObject({ success: true });
      const started = Date.now();
      const ready = await ratelimit.blockUntilReady("user", 3_000);
      expect(ready.success).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_500);
    });
  },
  { manualClock: true },
);
