import { describe, test } from "vitest";
import type { Effect } from "../engine.ts";
import { replayEffects } from "../persistence.ts";
import { createTestEngine, seededRandom } from "../test-support.ts";

/**
 * Scripts reach the storage log as the effects of the commands they ran (STYLE.md §7.5), so a
 * replay rebuilds the same data even where the script itself was not deterministic: random
 * choices, relative expiry, floats and values computed in Lua.
 */
describe("scripts in the effects log", () => {
  test("replaying the log of non-deterministic scripts rebuilds the same data", ({ expect }) => {
    const effects: Effect[] = [];
    const source = createTestEngine({ onEffects: (unit) => effects.push(...unit) });
    source.run("SADD", "pool", "a", "b", "c", "d", "e");
    source.run(
      "EVAL",
      [
        "local picked = redis.call('spop', KEYS[1])",
        "redis.call('rpush', KEYS[2], picked, redis.call('srandmember', KEYS[1]))",
        "redis.call('incrbyfloat', KEYS[3], '0.1')",
        "redis.call('set', KEYS[4], math.random(1000), 'EX', 100)",
        "redis.call('expire', KEYS[1], 50)",
        "return picked",
      ].join("\n"),
      "4",
      "pool",
      "log",
      "float",
      "rnd",
    );
    source.clock.advance(10_000);
    source.run(
      "FUNCTION",
      "LOAD",
      "#!lua name=lib\nredis.register_function('f', function(k) return redis.call('incr', k[1]) end)",
    );
    source.run("FCALL", "f", "1", "counter");

    // Another random source: replaying the scripts themselves would pick other members.
    const replica = createTestEngine({ random: seededRandom(7) });
    replica.clock.advance(10_000);
    replayEffects(replica.engine, effects);
    for (const key of ["pool", "log", "float", "rnd", "counter"]) {
      expect(replica.run("DUMP", key), key).toEqual(source.run("DUMP", key));
      expect(replica.run("PEXPIRETIME", key), key).toEqual(source.run("PEXPIRETIME", key));
    }
    // The function library is logged too (FUNCTION LOAD is a write), so FCALL works after replay.
    expect(replica.run("FCALL", "f", "1", "counter")).toEqual(
      source.run("FCALL", "f", "1", "counter"),
    );
    expect(effects.some((effect) => /^(EVAL|FCALL)/i.test(effect.argv[0] ?? ""))).toBe(false);
  });
});
