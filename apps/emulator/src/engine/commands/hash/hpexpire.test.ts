import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ints = (...values: number[]): Reply => r.arr(...values.map((value) => r.int(value)));

describe("HPEXPIRE", () => {
  test("sets a TTL in milliseconds per field", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    expect(run("HPEXPIRE", "h", "1500", "FIELDS", "2", "a", "zz")).toEqual(ints(1, -2));
    expect(run("HPTTL", "h", "FIELDS", "1", "a")).toEqual(ints(1500));
    expect(run("HTTL", "h", "FIELDS", "1", "a")).toEqual(ints(2));
    clock.advance(1500);
    expect(run("HKEYS", "h")).toEqual(r.bulks("b"));
  });

  test("conditions as HEXPIRE", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    run("HPEXPIRE", "h", "100", "FIELDS", "1", "a");
    expect(run("HPEXPIRE", "h", "50", "GT", "FIELDS", "1", "a")).toEqual(ints(0));
    expect(run("HPEXPIRE", "h", "50", "LT", "FIELDS", "1", "a")).toEqual(ints(1));
  });

  test("logs HPEXPIREAT with the absolute time", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run, clock } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("HSET", "h", "a", "1");
    run("HPEXPIRE", "h", "250", "FIELDS", "1", "a");
    expect(effects.at(-1)?.argv).toEqual([
      "HPEXPIREAT",
      "h",
      String(clock.now() + 250),
      "FIELDS",
      "1",
      "a",
    ]);
  });

  test.for([
    [["HPEXPIRE", "h", "-5", "FIELDS", "1", "a"], ERR.FIELD_EXPIRE_NEGATIVE],
    [["HPEXPIRE", "h", "70368744177663", "FIELDS", "1", "a"], ERR.INVALID_EXPIRE("hpexpire")],
    [["HPEXPIRE", "h", "10", "FIELDS", "-1", "a"], ERR.NUMFIELDS_NOT_GREATER_THAN_ZERO],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HPEXPIRE", "s", "10", "FIELDS", "1", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
