import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HSETNX", () => {
  test("sets only a missing field", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HSETNX", "h", "a", "1")).toEqual(r.int(1));
    expect(run("HSETNX", "h", "a", "2")).toEqual(r.int(0));
    expect(run("HGET", "h", "a")).toEqual(r.bulk("1"));
  });

  test("an expired field counts as missing", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1");
    run("HPEXPIRE", "h", "5", "FIELDS", "1", "a");
    clock.advance(5);
    expect(run("HSETNX", "h", "a", "2")).toEqual(r.int(1));
    expect(run("HGET", "h", "a")).toEqual(r.bulk("2"));
    expect(run("HTTL", "h", "FIELDS", "1", "a")).toEqual(r.arr(r.int(-1)));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HSETNX", "s", "a", "1")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("logs only when it set the field", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("HSETNX", "h", "a", "1");
    run("HSETNX", "h", "a", "2");
    expect(effects).toEqual([{ db: 0, argv: ["HSETNX", "h", "a", "1"] }]);
  });
});
