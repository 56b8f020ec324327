import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZMPOP", () => {
  test("pops from the first non-empty set as [key, [[member, score]…]]", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    expect(run("ZMPOP", "2", "missing", "z", "MIN")).toEqual(
      r.arr(r.bulk("z"), r.arr(r.bulks("a", "1"))),
    );
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["ZPOPMIN", "z", "1"] });
    expect(run("ZMPOP", "1", "z", "max", "COUNT", "5")).toEqual(
      r.arr(r.bulk("z"), r.arr(r.bulks("c", "3"), r.bulks("b", "2"))),
    );
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["ZPOPMAX", "z", "2"] });
    expect(run("ZMPOP", "1", "z", "MIN")).toEqual(r.nilArray);
  });

  test("COMMAND GETKEYS finds the keys by numkeys", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("COMMAND", "GETKEYS", "ZMPOP", "2", "a", "b", "MIN")).toEqual(r.bulks("a", "b"));
  });

  test.for([
    [["ZMPOP", "0", "z", "MIN"], ERR.NUMKEYS_NOT_POSITIVE],
    [["ZMPOP", "2", "z", "MIN"], ERR.SYNTAX],
    [["ZMPOP", "1", "z", "MIDDLE"], ERR.SYNTAX],
    [["ZMPOP", "1", "z", "MIN", "COUNT"], ERR.SYNTAX],
    [["ZMPOP", "1", "z", "MIN", "COUNT", "0"], ERR.COUNT_NOT_POSITIVE],
    [["ZMPOP", "1", "z", "MIN", "COUNT", "1", "COUNT", "1"], ERR.SYNTAX],
    [["ZMPOP", "1", "s", "MIN"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
