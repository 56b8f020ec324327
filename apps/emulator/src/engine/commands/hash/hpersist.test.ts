import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]): Reply => r.arr(...values.map((value) => r.int(value)));

describe("HPERSIST", () => {
  test("1 removed, -1 no TTL, -2 no field", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "100", "FIELDS", "1", "a");
    expect(run("HPERSIST", "h", "FIELDS", "3", "a", "b", "zz")).toEqual(ints(1, -1, -2));
    clock.advance(100);
    expect(run("HGET", "h", "a")).toEqual(r.bulk("1"));
    expect(run("HPERSIST", "h", "FIELDS", "1", "a")).toEqual(ints(-1));
  });

  test("a missing key answers -2 per field; an expired field is -2", ({ expect }) => {
    const { run, clock } = createTestEngine();
    expect(run("HPERSIST", "nokey", "FIELDS", "1", "a")).toEqual(ints(-2));
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "100", "FIELDS", "1", "a");
    clock.advance(100);
    expect(run("HPERSIST", "h", "FIELDS", "1", "a")).toEqual(ints(-2));
  });

  test("logs its argv only when a TTL was removed", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("HSET", "h", "a", "1");
    run("HPEXPIRE", "h", "100", "FIELDS", "1", "a");
    effects.length = 0;
    run("HPERSIST", "h", "FIELDS", "1", "a");
    run("HPERSIST", "h", "FIELDS", "1", "a");
    expect(effects.map((effect) => effect.argv)).toEqual([["HPERSIST", "h", "FIELDS", "1", "a"]]);
  });

  test("WRONGTYPE before argument errors", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HPERSIST", "s", "FIELDS", "x", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["HPERSIST", "h", "fieldz", "1", "a"], ERR.FIELDS_MISSING],
    [["HPERSIST", "h", "FIELDS", "0", "a"], ERR.NUMFIELDS_NOT_POSITIVE],
    [["HPERSIST", "h", "FIELDS", "3", "a"], ERR.NUMFIELDS_MISMATCH],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
