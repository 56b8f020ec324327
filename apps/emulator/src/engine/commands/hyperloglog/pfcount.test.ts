import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("PFCOUNT", () => {
  test("estimates and caches the cardinality in the header", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("PFADD", "h", "a", "b", "c", "d", "e");
    expect(run("GETRANGE", "h", "8", "15")).toEqual(
      r.bulk("\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0080"),
    );
    effects.length = 0;
    expect(run("PFCOUNT", "h")).toEqual(r.int(5));
    expect(run("GETRANGE", "h", "8", "15")).toEqual(
      r.bulk("\u0005\u0000\u0000\u0000\u0000\u0000\u0000\u0000"),
    );
    // Writing the cache propagates the PFCOUNT; a cached answer writes nothing.
    expect(effects).toEqual([{ db: 0, argv: ["PFCOUNT", "h"] }]);
    expect(run("PFCOUNT", "h")).toEqual(r.int(5));
    expect(effects).toHaveLength(1);
  });

  test("several keys: the cardinality of the union, missing keys empty", ({ expect }) => {
    const { run } = createTestEngine();
    run("PFADD", "h1", "a", "b", "c");
    run("PFADD", "h2", "b", "c", "d");
    expect(run("PFCOUNT", "h1", "h2", "nokey")).toEqual(r.int(4));
    expect(run("PFCOUNT", "nokey")).toEqual(r.int(0));
  });

  test("large cardinalities within Redis's error", ({ expect }) => {
    const { run } = createTestEngine();
    const elements = Array.from({ length: 20000 }, (_, i) => `e${i}`);
    run("PFADD", "h", ...elements);
    // redis-server answers 19901 for these elements.
    expect(run("PFCOUNT", "h")).toEqual(r.int(19901));
  });

  test("an expired key counts 0", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("PFADD", "h", "a");
    run("PEXPIRE", "h", "10");
    clock.advance(10);
    expect(run("PFCOUNT", "h")).toEqual(r.int(0));
  });

  test.for([
    [["SET", "h", "x"], ["PFCOUNT", "h"], ERR.HLL_WRONGTYPE],
    [["LPUSH", "h", "x"], ["PFCOUNT", "nokey", "h"], ERR.WRONGTYPE],
    [["PFADD", "h", "a"], ["SETRANGE", "h", "4", "\u0003"], ERR.HLL_WRONGTYPE],
    [["PFADD", "h", "a"], ["APPEND", "h", "\u0000"], ERR.HLL_CORRUPTED],
  ] as const)("%j, %j then PFCOUNT → %s", ([setup, corrupt, error], { expect }) => {
    const { run } = createTestEngine();
    run(...setup);
    run(...corrupt);
    expect(run("PFCOUNT", "h")).toEqual(r.err(error));
    expect(run("PFCOUNT", "h", "h")).toEqual(r.err(error));
  });
});
