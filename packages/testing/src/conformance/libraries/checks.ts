/**
 * `--libraries`: the libraries people run on the SDKs, unmodified, against the targets (issue 24).
 * Each check loads its library on demand: they are optional peer dependencies of this package, and
 * a check whose library is missing is skipped with the package to install. Keys live under the
 * run's prefix and are deleted afterwards; windows are short (1 s), so a check takes at most a
 * few seconds.
 */
import type { Redis } from "@upstash/redis";
import { defineCheck } from "../check.ts";
import type { CheckContext } from "../context.ts";
import { CheckSkipped, check, checkEqual } from "../errors.ts";

const area = "libraries";
const spec = "docs/differences.md";

/** `import(name)`, or skip the check when the package is not installed. */
async function load<T>(name: string, loader: () => Promise<T>): Promise<T> {
  try {
    return await loader();
  } catch (error: unknown) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
      throw new CheckSkipped(`${name} is not installed (npm install -D ${name})`);
    }
    throw error;
  }
}

async function redisFor(ctx: CheckContext): Promise<Redis> {
  const { Redis } = await load("@upstash/redis", () => import("@upstash/redis"));
  return new Redis({ url: ctx.kv.url, token: ctx.kv.token, enableTelemetry: false });
}

/**
 * The libraries' declarations may name another copy of the SDK's types: the same class at run
 * time, so it is handed over as what each library expects.
 */
function as<T>(redis: Redis): T {
  return redis as unknown as T;
}

const ratelimitChecks = [
  defineCheck({
    area,
    group: "ratelimit",
    name: "fixed window, sliding window, token bucket and cached fixed window limit",
    spec,
    run: async (ctx) => {
      const { Ratelimit } = await load("@upstash/ratelimit", () => import("@upstash/ratelimit"));
      type RatelimitRedis = ConstructorParameters<typeof Ratelimit>[0]["redis"];
      const redis = as<RatelimitRedis>(await redisFor(ctx));
      const limiters = {
        fixedWindow: Ratelimit.fixedWindow(2, "10 s"),
        slidingWindow: Ratelimit.slidingWindow(2, "10 s"),
        tokenBucket: Ratelimit.tokenBucket(1, "10 s", 2),
        cachedFixedWindow: Ratelimit.cachedFixedWindow(2, "10 s"),
      };
      for (const [name, limiter] of Object.entries(limiters)) {
        const ratelimit = new Ratelimit({
          redis,
          limiter,
          prefix: ctx.keyPrefix(`ratelimit-${name}`),
          ephemeralCache: name === "cachedFixedWindow" ? new Map() : false,
        });
        const outcomes: boolean[] = [];
        for (let i = 0; i < 3; i++) {
          outcomes.push((await ratelimit.limit("user")).success);
        }
        checkEqual(outcomes, [true, true, false], `${name}: three requests against a limit of 2`);
        const { remaining } = await ratelimit.getRemaining("user");
        checkEqual(remaining, 0, `${name}: getRemaining`);
        await ratelimit.resetUsedTokens("user");
        check(
          (await ratelimit.getRemaining("user")).remaining === 2,
          `${name}: resetUsedTokens did not give the tokens back`,
        );
      }
    },
  }),
  defineCheck({
    area,
    group: "ratelimit",
    name: "blockUntilReady waits for the next 1 s window",
    spec,
    run: async (ctx) => {
      const { Ratelimit } = await load("@upstash/ratelimit", () => import("@upstash/ratelimit"));
      type RatelimitRedis = ConstructorParameters<typeof Ratelimit>[0]["redis"];
      const ratelimit = new Ratelimit({
        redis: as<RatelimitRedis>(await redisFor(ctx)),
        limiter: Ratelimit.fixedWindow(1, "1 s"),
        prefix: ctx.keyPrefix("ratelimit-block"),
        ephemeralCache: false,
      });
      check((await ratelimit.limit("user")).success, "the first request was refused");
      const ready = await ratelimit.blockUntilReady("user", 3_000);
      check(ready.success, "blockUntilReady gave up before the next window");
    },
  }),
  defineCheck({
    area,
    group: "ratelimit",
    name: "deny lists, dynamic limits and analytics",
    spec,
    run: async (ctx) => {
      const { Analytics, IpDenyList, Ratelimit } = await load(
        "@upstash/ratelimit",
        () => import("@upstash/ratelimit"),
      );
      type RatelimitRedis = ConstructorParameters<typeof Ratelimit>[0]["redis"];
      type AnalyticsRedis = ConstructorParameters<typeof Analytics>[0]["redis"];
      type DenyListRedis = Parameters<typeof IpDenyList.disableIpDenyList>[0];
      const sdk = await redisFor(ctx);
      const redis = as<RatelimitRedis>(sdk);
      const prefix = ctx.keyPrefix("ratelimit-protection");
      // No IP list download: the list is switched off, leaving the library's own deny list.
      await IpDenyList.disableIpDenyList(as<DenyListRedis>(sdk), prefix);
      const listed = `${prefix}-agent`;
      await sdk.sadd(`${prefix}:denyList:all`, listed);
      const ratelimit = new Ratelimit({
        redis,
        limiter: Ratelimit.fixedWindow(5, "10 s"),
        prefix,
        enableProtection: true,
        dynamicLimits: true,
        analytics: true,
        ephemeralCache: false,
      });
      const denied = await ratelimit.limit("user", { userAgent: listed });
      checkEqual([denied.success, denied.reason], [false, "denyList"], "a listed user agent");
      await ratelimit.setDynamicLimit({ limit: 1 });
      // (The denied request above counted against "user": the library counts, then denies.)
      const first = await ratelimit.limit("visitor");
      const second = await ratelimit.limit("visitor");
      await Promise.all([first.pending, second.pending]);
      checkEqual([first.success, second.success], [true, false], "a dynamic limit of 1");
      const usage = await new Analytics({ redis: as<AnalyticsRedis>(sdk), prefix }).getUsage();
      checkEqual(usage["visitor"], { success: 1, blocked: 1 }, "analytics usage");
    },
  }),
];

const lockCheck = defineCheck({
  area,
  group: "lock",
  name: "one holder at a time; release lets the next one in",
  spec,
  run: async (ctx) => {
    const { Lock } = await load("@upstash/lock", () => import("@upstash/lock"));
    type LockRedis = ConstructorParameters<typeof Lock>[0]["redis"];
    const redis = as<LockRedis>(await redisFor(ctx));
    const id = `${ctx.keyPrefix("lock")}:resource`;
    const retry = { attempts: 1, delay: 10 };
    const first = new Lock({ id, redis, lease: 10_000, retry });
    const second = new Lock({ id, redis, lease: 10_000, retry });
    check(await first.acquire(), "the first acquire failed");
    check(!(await second.acquire()), "a second holder acquired a held lock");
    check(await first.extend(1_000), "the holder could not extend");
    check(await first.release(), "the holder could not release");
    check(await second.acquire(), "the lock was not free after release");
    check(await second.release(), "the second holder could not release");
  },
});

const vercelKvCheck = defineCheck({
  area,
  group: "vercel-kv",
  name: "auto-pipelined values and scanIterator",
  spec,
  run: async (ctx) => {
    const { createClient } = await load("@vercel/kv", () => import("@vercel/kv"));
    const kv = createClient({ url: ctx.kv.url, token: ctx.kv.token });
    const prefix = ctx.keyPrefix("vercel-kv");
    const keys = Array.from({ length: 12 }, (_, i) => `${prefix}:${i}`);
    await Promise.all(keys.map((key, i) => kv.set(key, { i })));
    checkEqual(await kv.get(`${prefix}:3`), { i: 3 }, "a JSON value");
    const seen: string[] = [];
    for await (const key of kv.scanIterator({ match: `${prefix}:*`, count: 5 })) {
      seen.push(key);
    }
    checkEqual(seen.sort(), [...keys].sort(), "scanIterator");
  },
});

const realtimeCheck = defineCheck({
  area,
  group: "realtime",
  name: "an emitted event reaches a subscriber, history included",
  spec,
  run: async (ctx) => {
    const { Realtime } = await load("@upstash/realtime", () => import("@upstash/realtime"));
    const realtime = new Realtime({ redis: await redisFor(ctx), history: true });
    const room = realtime.channel(ctx.keyPrefix("realtime"));
    const received: unknown[] = [];
    let done: () => void = () => {};
    const both = new Promise<void>((resolve) => {
      done = resolve;
    });
    // Without a schema the library types events as nothing: the names are checked at run time.
    const emit = room.emit as (event: string, data: unknown) => Promise<void>;
    await emit("note", { n: 1 });
    const unsubscribe = await room.subscribe({
      events: ["note"] as never[],
      history: true,
      onData: (event: { data: unknown }) => {
        received.push(event.data);
        if (received.length === 2) {
          done();
        }
      },
    });
    try {
      await emit("note", { n: 2 });
      await new Promise<void>((resolve, reject) => {
        both.then(resolve, reject);
        ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason));
      });
      checkEqual(received, [{ n: 1 }, { n: 2 }], "events received");
    } finally {
      unsubscribe();
    }
  },
});

const semanticCacheCheck = defineCheck({
  area,
  group: "semantic-cache",
  name: "set, then get by the same question (needs a vector index with an embedding model)",
  spec,
  run: async (ctx) => {
    const vector = ctx.vector;
    const { SemanticCache } = await load(
      "@upstash/semantic-cache",
      () => import("@upstash/semantic-cache"),
    );
    const { Index } = await load("@upstash/vector", () => import("@upstash/vector"));
    type CacheIndex = ConstructorParameters<typeof SemanticCache>[0]["index"];
    const index = new Index({ url: vector.url, token: vector.token });
    const cache = new SemanticCache({
      index: index as unknown as CacheIndex,
      minProximity: 0.9,
      namespace: ctx.vectorNamespace,
    });
    try {
      await cache.set("What is the capital city of France?", "Paris");
    } catch (error: unknown) {
      const message = error instanceof Error ? error.message : String(error);
      if (/embedding/i.test(message)) {
        throw new CheckSkipped(`the vector index has no embedding model (${message})`);
      }
      throw error;
    }
    checkEqual(await cache.get("What is the capital city of France?"), "Paris", "a cache hit");
    checkEqual(await cache.delete("What is the capital city of France?"), 1, "delete");
  },
});

export const LIBRARY_CHECKS = [
  ...ratelimitChecks,
  lockCheck,
  vercelKvCheck,
  realtimeCheck,
  semanticCacheCheck,
];
