import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]): Reply => r.arr(...values.map((value) => r.int(value)));

function encodingOf(engine: Engine, key: string): string | undefined {
  const value = engine.databases[0]?.get(key);
  return typeof value === "object" ? value.encoding() : undefined;
}

describe("HGETEX", () => {
  test("without options it reads like HMGET", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run("HGETEX", "h", "FIELDS", "2", "a", "zz")).toEqual(r.arr(r.bulk("1"), r.nil));
    expect(encodingOf(engine, "h")).toBe("listpack");
  });

  test("EX, PX, EXAT and PXAT set the expiry of the fields that exist", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2", "c", "3", "d", "4");
    const now = clock.now();
    run("HGETEX", "h", "EX", "10", "FIELDS", "2", "a", "zz");
    run("HGETEX", "h", "px", "1500", "FIELDS", "1", "b");
    run("HGETEX", "h", "EXAT", String(Math.floor(now / 1000) + 20), "FIELDS", "1", "c");
    run("HGETEX", "h", "PXAT", String(now + 2500), "FIELDS", "1", "d");
    expect(run("HPEXPIRETIME", "h", "FIELDS", "5", "a", "b", "c", "d", "zz")).toEqual(
      ints(now + 10_000, now + 1500, (Math.floor(now / 1000) + 20) * 1000, now + 2500, -2),
    );
    clock.advance(1500);
    expect(run("HGETEX", "h", "FIELDS", "1", "b")).toEqual(r.arr(r.nil));
  });

  test("PERSIST removes the expiry", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "100", "FIELDS", "1", "a");
    expect(run("HGETEX", "h", "PERSIST", "FIELDS", "2", "a", "b")).toEqual(
      r.arr(r.bulk("1"), r.bulk("2")),
    );
    clock.advance(100);
    expect(run("HTTL", "h", "FIELDS", "1", "a")).toEqual(ints(-1));
  });

  test("an expiry not in the future returns the values and deletes the fields", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run, engine } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("HSET", "h", "a", "1");
    effects.length = 0;
    expect(run("HGETEX", "h", "PX", "0", "FIELDS", "1", "a")).toEqual(r.arr(r.bulk("1")));
    expect(engine.databases[0]?.has("h")).toBe(false);
    expect(effects.map((effect) => effect.argv)).toEqual([["HDEL", "h", "a"]]);
  });

  test("logs HPEXPIREAT (absolute) or HPERSIST", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run, clock } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("HSET", "h", "a", "1");
    effects.length = 0;
    run("HGETEX", "h", "EX", "5", "FIELDS", "1", "a");
    run("HGETEX", "h", "PERSIST", "FIELDS", "1", "a");
    run("HGETEX", "h", "PERSIST", "FIELDS", "1", "a");
    run("HGETEX", "h", "FIELDS", "1", "a");
    expect(effects.map((effect) => effect.argv)).toEqual([
      ["HPEXPIREAT", "h", String(clock.now() + 5000), "FIELDS", "1", "a"],
      ["HPERSIST", "h", "FIELDS", "1", "a"],
    ]);
  });

  test("a missing key answers nil per field, after checking the arguments", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HGETEX", "nokey", "EX", "10", "FIELDS", "1", "a")).toEqual(r.arr(r.nil));
    expect(run("HGETEX", "nokey", "EX", "-1", "FIELDS", "1", "a")).toEqual(
      r.err(ERR.FIELD_EXPIRE_NEGATIVE),
    );
  });

  test("WRONGTYPE before argument errors", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HGETEX", "s", "EX", "x", "FIELDS", "1", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["HGETEX", "h", "EX", "x", "FIELDS", "1", "a"], ERR.NOT_INTEGER],
    [["HGETEX", "h", "EX", "-1", "FIELDS", "1", "a"], ERR.FIELD_EXPIRE_NEGATIVE],
    [["HGETEX", "h", "EX", "70368744178", "FIELDS", "1", "a"], ERR.INVALID_EXPIRE("hgetex")],
    [["HGETEX", "h", "KEEPTTL", "FIELDS", "1", "a"], ERR.FIELDS_MISSING],
    [["HGETEX", "h", "EX", "10", "PX", "10", "FIELDS", "1", "a"], ERR.FIELDS_MISSING],
    [["HGETEX", "h", "PERSIST", "EX", "10", "FIELDS", "1", "a"], ERR.FIELDS_MISSING],
    [["HGETEX", "h", "FIELDS", "0", "a"], ERR.NUMFIELDS_NOT_POSITIVE],
    [["HGETEX", "h", "EX", "10", "FIELDS"], ERR.NUMFIELDS_NOT_POSITIVE],
    [["HGETEX", "h", "FIELDS", "2", "a"], ERR.NUMFIELDS_MISMATCH],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("HTTL", "h", "FIELDS", "1", "a")).toEqual(ints(-1));
  });
});
