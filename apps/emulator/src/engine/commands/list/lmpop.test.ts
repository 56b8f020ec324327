import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LMPOP", () => {
  test("pops from the first non-empty list, logged as LPOP/RPOP with a count", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("RPUSH", "b", "1", "2", "3");
    expect(run("LMPOP", "2", "a", "b", "LEFT")).toEqual(r.arr(r.bulk("b"), r.bulks("1")));
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["LPOP", "b", "1"] });
    expect(run("LMPOP", "2", "a", "b", "right", "COUNT", "10")).toEqual(
      r.arr(r.bulk("b"), r.bulks("3", "2")),
    );
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["RPOP", "b", "2"] });
    expect(run("EXISTS", "b")).toEqual(r.int(0));
    expect(run("LMPOP", "1", "b", "LEFT")).toEqual(r.nilArray);
  });

  test("COMMAND GETKEYS finds the keys by numkeys", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("COMMAND", "GETKEYS", "LMPOP", "2", "a", "b", "LEFT")).toEqual(r.bulks("a", "b"));
  });

  test.for([
    [["LMPOP", "0", "k", "LEFT"], ERR.NUMKEYS_NOT_POSITIVE],
    [["LMPOP", "x", "k", "LEFT"], ERR.NUMKEYS_NOT_POSITIVE],
    [["LMPOP", "2", "k", "LEFT"], ERR.SYNTAX],
    [["LMPOP", "1", "k", "MIDDLE"], ERR.SYNTAX],
    [["LMPOP", "1", "k", "LEFT", "COUNT"], ERR.SYNTAX],
    [["LMPOP", "1", "k", "LEFT", "COUNT", "0"], ERR.COUNT_NOT_POSITIVE],
    [["LMPOP", "1", "k", "LEFT", "COUNT", "x"], ERR.COUNT_NOT_POSITIVE],
    [["LMPOP", "1", "k", "LEFT", "COUNT", "1", "COUNT", "1"], ERR.SYNTAX],
    [["LMPOP", "1", "s", "LEFT"], ERR.WRONGTYPE],
    [["LMPOP", "2", "missing", "s", "LEFT"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
