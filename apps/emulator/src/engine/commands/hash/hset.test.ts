import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function encodingOf(engine: Engine, key: string): string | undefined {
  const value = engine.databases[0]?.get(key);
  return typeof value === "object" ? value.encoding() : undefined;
}

describe("HSET", () => {
  test("creates the hash and counts only new fields", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HSET", "h", "a", "1", "b", "2")).toEqual(r.int(2));
    expect(run("HSET", "h", "a", "10", "c", "3")).toEqual(r.int(1));
    expect(run("HGETALL", "h")).toEqual(r.bulks("a", "10", "b", "2", "c", "3"));
  });

  test("a repeated field counts once and the last value wins", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HSET", "h", "a", "1", "a", "2")).toEqual(r.int(1));
    expect(run("HGET", "h", "a")).toEqual(r.bulk("2"));
  });

  test("is binary-safe", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "\u0000f\u00ff", "v\u0000");
    expect(run("HGET", "h", "\u0000f\u00ff")).toEqual(r.bulk("v\u0000"));
  });

  test("stays a listpack until hash-max-listpack-entries/value are exceeded", ({ expect }) => {
    const { run, engine } = createTestEngine({
      config: { "hash-max-listpack-entries": "2", "hash-max-listpack-value": "4" },
    });
    run("HSET", "small", "a", "1", "b", "2");
    expect(encodingOf(engine, "small")).toBe("listpack");
    run("HSET", "small", "c", "3");
    expect(encodingOf(engine, "small")).toBe("hashtable");
    run("HSET", "long", "a", "12345");
    expect(encodingOf(engine, "long")).toBe("hashtable");
    // More pairs than entries in one command converts up front, even when some repeat.
    run("HSET", "many", "a", "1", "a", "1", "a", "1");
    expect(encodingOf(engine, "many")).toBe("hashtable");
  });

  test("drops the TTL of a field it overwrites", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "100", "FIELDS", "1", "a");
    run("HSET", "h", "a", "3");
    clock.advance(200);
    expect(run("HGET", "h", "a")).toEqual(r.bulk("3"));
    expect(run("HPTTL", "h", "FIELDS", "1", "a")).toEqual(r.arr(r.int(-1)));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HSET", "s", "a", "1")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["HSET", "h", "a", "1", "b"], ERR.WRONG_ARITY("hset")],
    [["HSET", "h", "a"], ERR.WRONG_ARITY("hset")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("HLEN", "h")).toEqual(r.int(0));
  });

  test("logs its argv and emits hset", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("HSET", "h", "a", "1");
    expect(effects).toEqual([{ db: 0, argv: ["HSET", "h", "a", "1"] }]);
  });
});
