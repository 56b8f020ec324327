import { describe, test } from "vitest";
import { ERR } from "./errors.ts";
import { EvictionPool } from "./eviction.ts";
import type { Reply } from "./reply.ts";
import { createTestEngine, r } from "./test-support.ts";
import { TransactionQueue } from "./transaction-queue.ts";

const OOM = r.err(ERR.OOM);

/**
 * An engine holding `keys`, with maxmemory exactly what they take: a write of a new key goes over
 * it, and the next command evicts (as in Redis, eviction runs before each command).
 */
function filled(options: { policy: string; keys: readonly string[] }) {
  const test = createTestEngine();
  for (const key of options.keys) {
    test.run("SET", key, "value");
  }
  test.run("CONFIG", "SET", "maxmemory-policy", options.policy);
  test.run("CONFIG", "SET", "maxmemory-samples", "10");
  // Any limit starts the accounting; evictions run before every command, CONFIG SET included.
  test.run("CONFIG", "SET", "maxmemory", "1gb");
  const used = test.engine.dataMemory ?? 0;
  test.run("CONFIG", "SET", "maxmemory", String(used));
  return test;
}

/**
 * The keys of `names` the first database holds, read without a command: every command first
 * evicts while memory is over the limit, and each write here leaves it just over again.
 */
function held(
  test: { engine: { databases: readonly { holds(key: string): boolean }[] } },
  ...names: string[]
): string[] {
  return names.filter((name) => test.engine.databases[0]?.holds(name) === true);
}

function infoField(reply: Reply, field: string): string | undefined {
  const text = reply.kind === "bulk" ? reply.value : "";
  return new RegExp(`${field}:(\\S+)`).exec(text)?.[1];
}

describe("maxmemory noeviction", () => {
  test("refuses writes that may grow memory with OOM, still runs reads and deletes", ({
    expect,
  }) => {
    const { run, engine, session } = filled({ policy: "noeviction", keys: ["a", "b"] });
    expect(run("SET", "c", "v")).toEqual(r.ok);
    expect(run("SET", "d", "v")).toEqual(OOM);
    expect(run("GET", "a")).toEqual(r.bulk("value"));
    const scripted = run("EVAL", "return redis.call('set', 'c', 'v')", "0");
    expect(scripted.kind === "error" ? scripted.message : "").toMatch(
      /^OOM command not allowed when used memory > 'maxmemory'\. script: [0-9a-f]{40}, on @user_script:1\.$/,
    );
    const queue = new TransactionQueue({ host: engine, session });
    queue.handle(["MULTI"]);
    expect(queue.handle(["SET", "c", "v"])).toEqual(OOM);
    expect(queue.handle(["EXEC"])).toEqual(r.err(ERR.EXECABORT));
    expect(run("DEL", "a", "c")).toEqual(r.int(2));
    expect(run("SET", "c", "v")).toEqual(r.ok);
    expect(infoField(run("INFO", "memory"), "used_memory")).toBe(String(engine.dataMemory));
  });
});

describe("maxmemory eviction policies", () => {
  test("allkeys-lru evicts the key idle longest, with an evicted event and a count", ({
    expect,
  }) => {
    const lru = filled({ policy: "allkeys-lru", keys: ["a", "b", "c"] });
    const { run, clock, engine } = lru;
    clock.advance(10_000);
    run("GET", "a");
    run("GET", "c");
    const events: string[] = [];
    run("CONFIG", "SET", "notify-keyspace-events", "Ee");
    const listener = engine.createSession({
      address: "listener",
      push: (message) => {
        if (message.kind === "array") {
          const last = message.items[2];
          events.push(last?.kind === "bulk" ? last.value : "");
        }
      },
    });
    engine.execute(["SUBSCRIBE", "__keyevent@0__:evicted"], listener);
    expect(run("SET", "d", "value")).toEqual(r.ok);
    expect(infoField(run("INFO", "stats"), "evicted_keys")).toBe("1");
    expect(held(lru, "a", "b", "c", "d")).toEqual(["a", "c", "d"]);
    expect(events).toEqual(["b"]);
  });

  test("allkeys-lfu keeps the key used most", ({ expect }) => {
    const lfu = filled({ policy: "allkeys-lfu", keys: ["a", "b"] });
    const { run } = lfu;
    // Under LFU the stamps restart as counters: give `a` uses, `b` none.
    run("SET", "a", "value");
    run("SET", "b", "value");
    for (let i = 0; i < 20; i++) {
      run("GET", "a");
    }
    run("SET", "c", "value");
    run("PING");
    expect(held(lfu, "a", "b", "c")).toEqual(["a", "c"]);
  });

  test("volatile-ttl evicts the key expiring soonest and never a key without a TTL", ({
    expect,
  }) => {
    const ttl = filled({ policy: "volatile-ttl", keys: ["keep", "late", "soon"] });
    const { run } = ttl;
    run("EXPIRE", "late", "1000");
    run("EXPIRE", "soon", "10");
    expect(run("SET", "new", "value")).toEqual(r.ok);
    run("PING");
    expect(held(ttl, "keep", "late", "soon", "new")).toEqual(["keep", "late", "new"]);
    expect(run("SET", "more", "value")).toEqual(r.ok);
    run("PING");
    expect(held(ttl, "keep", "late", "new", "more")).toEqual(["keep", "new", "more"]);
    // Over the limit with no key left that has a TTL: writes are refused.
    run("SET", "last", "value");
    expect(run("SET", "again", "value")).toEqual(OOM);
  });

  test("volatile-random and allkeys-random evict some key of the allowed kind", ({ expect }) => {
    const volatile = filled({ policy: "volatile-random", keys: ["keep", "x"] });
    volatile.run("EXPIRE", "x", "100");
    expect(volatile.run("SET", "y", "value")).toEqual(r.ok);
    volatile.run("PING");
    expect(held(volatile, "keep", "x", "y")).toEqual(["keep", "y"]);
    const all = filled({ policy: "allkeys-random", keys: ["p", "q"] });
    expect(all.run("SET", "z", "value")).toEqual(r.ok);
    all.run("PING");
    expect(held(all, "p", "q", "z")).toHaveLength(2);
  });

  test("without maxmemory nothing is accounted and nothing evicted", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "a", "v");
    expect(engine.dataMemory).toBeUndefined();
    run("CONFIG", "SET", "maxmemory", "100mb");
    expect(engine.dataMemory).toBeGreaterThan(0);
    run("FLUSHALL");
    expect(engine.dataMemory).toBe(0);
  });
});

describe("the eviction pool (evictionPoolPopulate)", () => {
  const entry = (key: string, score: number) => ({ key, score, dbIndex: 0 });

  test("keeps the 16 best candidates in score order and gives the best first", ({ expect }) => {
    const pool = new EvictionPool();
    pool.populate([entry("a", 5), entry("b", 1), entry("c", 9)]);
    expect(pool.candidates().map(({ key }) => key)).toEqual(["b", "a", "c"]);
    pool.populate(Array.from({ length: 20 }, (_, index) => entry(`k${index}`, index + 2)));
    const scores = pool.candidates().map(({ score }) => score);
    expect(scores).toHaveLength(16);
    // The worst were pushed out: what is left are the 16 highest scores, ascending.
    expect(scores).toEqual([...scores].sort((x, y) => x - y));
    expect(scores[0]).toBe(7);
    // A candidate worse than the worst of a full pool is not taken.
    pool.populate([entry("low", 0)]);
    expect(pool.candidates().some(({ key }) => key === "low")).toBe(false);
    expect(pool.takeBest()?.key).toBe("k19");
    expect(pool.takeBest()?.key).toBe("k18");
    // With room again, it is.
    pool.populate([entry("low", 0)]);
    expect(pool.candidates()[0]?.key).toBe("low");
  });

  test("an equal score goes before the entries it ties with", ({ expect }) => {
    const pool = new EvictionPool();
    pool.populate([entry("first", 3), entry("second", 3)]);
    expect(pool.candidates().map(({ key }) => key)).toEqual(["second", "first"]);
  });

  test("allkeys-lru remembers candidates of earlier samples: a key idle long is found later", ({
    expect,
  }) => {
    const lru = filled({ policy: "allkeys-lru", keys: ["a", "b", "c", "d"] });
    const { run, clock } = lru;
    // Idle times at the end: b 100 s, a 50 s, c 10 s, d 0 s.
    clock.advance(50_000);
    run("GET", "a");
    clock.advance(40_000);
    run("GET", "c");
    clock.advance(10_000);
    run("GET", "d");
    run("CONFIG", "SET", "maxmemory-samples", "2");
    // Samples take keys in storage order: the first eviction sees a and b, the second c and d.
    run("SET", "e", "value");
    run("PING");
    expect(held(lru, "a", "b", "c", "d", "e")).toEqual(["a", "c", "d", "e"]);
    run("SET", "f", "value");
    run("PING");
    // Without the pool the second eviction would take c, the better of its own sample.
    expect(held(lru, "a", "c", "d", "e", "f")).toEqual(["c", "d", "e", "f"]);
  });

  test("a pooled key deleted since it was sampled is a ghost, skipped", ({ expect }) => {
    const lru = filled({ policy: "allkeys-lru", keys: ["a", "b", "c", "d"] });
    const { run, clock } = lru;
    clock.advance(50_000);
    run("GET", "a");
    clock.advance(50_000);
    run("GET", "c");
    run("GET", "d");
    run("CONFIG", "SET", "maxmemory-samples", "2");
    run("SET", "e", "value");
    run("PING");
    // a is left in the pool; deleting it makes room, and the next eviction must not pick it.
    expect(held(lru, "a", "b")).toEqual(["a"]);
    run("DEL", "a");
    run("SET", "f", "value");
    run("SET", "g", "value");
    run("PING");
    expect(held(lru, "c", "d", "e", "f", "g")).toHaveLength(4);
    expect(infoField(run("INFO", "stats"), "evicted_keys")).toBe("2");
  });
});
