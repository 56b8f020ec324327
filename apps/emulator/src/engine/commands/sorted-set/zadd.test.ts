import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZADD", () => {
  test("adds and updates; answers how many were added", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("ZADD", "z", "1", "a", "2", "b")).toEqual(r.int(2));
    expect(run("ZADD", "z", "3", "a", "4", "c")).toEqual(r.int(1));
    expect(run("ZRANGE", "z", "0", "-1", "WITHSCORES")).toEqual(
      r.bulks("b", "2", "a", "3", "c", "4"),
    );
  });

  test("equal scores order by member bytes; scores may be inf and -0", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "0", "b", "0", "a", "0", "\u00ff", "+inf", "top", "-inf", "bottom");
    run("ZADD", "z", "-0", "zero");
    expect(run("ZRANGE", "z", "0", "-1")).toEqual(
      r.bulks("bottom", "a", "b", "zero", "\u00ff", "top"),
    );
    expect(run("ZSCORE", "z", "zero")).toEqual(r.bulk("-0"));
    expect(run("ZSCORE", "z", "top")).toEqual(r.bulk("inf"));
  });

  test("CH counts changed scores too", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a");
    expect(run("ZADD", "z", "CH", "1", "a", "2", "a2")).toEqual(r.int(1));
    expect(run("ZADD", "z", "CH", "5", "a", "2", "a2")).toEqual(r.int(1));
  });

  test("NX only adds, XX only updates", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a");
    expect(run("ZADD", "z", "NX", "9", "a", "2", "b")).toEqual(r.int(1));
    expect(run("ZADD", "z", "XX", "CH", "7", "a", "3", "c")).toEqual(r.int(1));
    expect(run("ZRANGE", "z", "0", "-1", "WITHSCORES")).toEqual(r.bulks("b", "2", "a", "7"));
    expect(run("ZADD", "missing", "XX", "1", "a")).toEqual(r.int(0));
    expect(run("EXISTS", "missing")).toEqual(r.int(0));
  });

  test("GT and LT only move existing scores one way, and still add new members", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "5", "a");
    expect(run("ZADD", "z", "GT", "CH", "3", "a", "1", "new")).toEqual(r.int(1));
    expect(run("ZSCORE", "z", "a")).toEqual(r.bulk("5"));
    expect(run("ZADD", "z", "GT", "CH", "6", "a")).toEqual(r.int(1));
    expect(run("ZADD", "z", "LT", "CH", "7", "a")).toEqual(r.int(0));
    expect(run("ZADD", "z", "XX", "LT", "CH", "2", "a")).toEqual(r.int(1));
    expect(run("ZSCORE", "z", "a")).toEqual(r.bulk("2"));
  });

  test("INCR answers the new score, or nil when a flag skipped it", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("ZADD", "z", "INCR", "1.5", "a")).toEqual(r.bulk("1.5"));
    expect(run("ZADD", "z", "INCR", "1", "a")).toEqual(r.bulk("2.5"));
    expect(run("ZADD", "z", "INCR", "NX", "1", "a")).toEqual(r.nil);
    expect(run("ZADD", "z", "INCR", "XX", "1", "b")).toEqual(r.nil);
    expect(run("ZADD", "z", "LT", "INCR", "1", "a")).toEqual(r.nil);
    expect(run("ZADD", "z", "LT", "INCR", "-1", "a")).toEqual(r.bulk("1.5"));
    expect(run("ZADD", "missing", "XX", "INCR", "1", "a")).toEqual(r.nil);
  });

  test("INCR to NaN fails and changes nothing", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "+inf", "a");
    expect(run("ZADD", "z", "INCR", "-inf", "a")).toEqual(r.err(ERR.SCORE_NAN));
    expect(run("ZSCORE", "z", "a")).toEqual(r.bulk("inf"));
  });

  test.for([
    [["ZADD", "z", "NX", "XX", "1", "a"], ERR.XX_AND_NX],
    [["ZADD", "z", "GT", "LT", "1", "a"], ERR.GT_LT_NX],
    [["ZADD", "z", "GT", "NX", "1", "a"], ERR.GT_LT_NX],
    [["ZADD", "z", "LT", "NX", "1", "a"], ERR.GT_LT_NX],
    [["ZADD", "z", "INCR", "1", "a", "2", "b"], ERR.INCR_SINGLE_PAIR],
    [["ZADD", "z", "NX", "XX", "1"], ERR.SYNTAX],
    [["ZADD", "z", "1", "a", "2"], ERR.SYNTAX],
    [["ZADD", "z", "x", "a"], ERR.NOT_FLOAT],
    [["ZADD", "z", "1", "a", "nan", "b"], ERR.NOT_FLOAT],
    [["ZADD", "s", "x", "a"], ERR.NOT_FLOAT],
    [["ZADD", "s", "1", "a"], ERR.WRONGTYPE],
  ] as const)("%j → %s, nothing added", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("EXISTS", "z")).toEqual(r.int(0));
  });

  test("an expired set is replaced", ({ expect }) => {
    const { run, clock, engine } = createTestEngine();
    run("ZADD", "z", "1", "a");
    engine.databases[0]?.setExpiresAt("z", clock.now() + 10);
    clock.advance(10);
    expect(run("ZADD", "z", "2", "b")).toEqual(r.int(1));
    expect(run("ZCARD", "z")).toEqual(r.int(1));
  });

  test("OBJECT ENCODING follows zset-max-listpack-entries and -value", ({ expect }) => {
    const { run } = createTestEngine({ config: { "zset-max-listpack-entries": "2" } });
    run("ZADD", "a", "1", "x", "2", "y");
    expect(run("OBJECT", "ENCODING", "a")).toEqual(r.bulk("listpack"));
    run("ZADD", "a", "3", "z");
    expect(run("OBJECT", "ENCODING", "a")).toEqual(r.bulk("skiplist"));
    run("ZADD", "b", "1", "x".repeat(65));
    expect(run("OBJECT", "ENCODING", "b")).toEqual(r.bulk("skiplist"));
    run("ZADD", "c", "1", "x", "2", "y", "3", "x");
    expect(run("OBJECT", "ENCODING", "c")).toEqual(r.bulk("skiplist"));
  });

  test("announces zadd only when something changed", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("ZADD", "z", "1", "a");
    run("ZADD", "z", "1", "a");
    expect(effects).toEqual([{ db: 0, argv: ["ZADD", "z", "1", "a"] }]);
  });
});
