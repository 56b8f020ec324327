import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { keyPositions } from "../dispatch.ts";
import { sintercard } from "./sintercard.ts";

describe("SINTERCARD", () => {
  test("the size of the intersection, capped by LIMIT (0 = none)", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "a", "1", "2", "3", "4");
    run("SADD", "b", "2", "3", "4", "5");
    expect(run("SINTERCARD", "2", "a", "b")).toEqual(r.int(3));
    expect(run("SINTERCARD", "2", "a", "b", "LIMIT", "2")).toEqual(r.int(2));
    expect(run("SINTERCARD", "2", "a", "b", "limit", "0")).toEqual(r.int(3));
    expect(run("SINTERCARD", "2", "a", "b", "LIMIT", "9", "LIMIT", "1")).toEqual(r.int(1));
    expect(run("SINTERCARD", "2", "a", "nokey")).toEqual(r.int(0));
  });

  test("WRONGTYPE after the arguments are checked", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SINTERCARD", "1", "str")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("SINTERCARD", "1", "str", "LIMIT", "-1")).toEqual(r.err(ERR.LIMIT_NEGATIVE));
  });

  test("its keys follow numkeys", ({ expect }) => {
    expect(keyPositions(sintercard, ["SINTERCARD", "2", "a", "b", "LIMIT", "1"])).toEqual([2, 3]);
    expect(keyPositions(sintercard, ["SINTERCARD", "x", "a"])).toEqual([]);
  });

  test.for([
    [["SINTERCARD", "0", "a"], ERR.NUMKEYS_NOT_POSITIVE],
    [["SINTERCARD", "x", "a"], ERR.NUMKEYS_NOT_POSITIVE],
    [["SINTERCARD", "-1", "a"], ERR.NUMKEYS_NOT_POSITIVE],
    [["SINTERCARD", "3", "a", "b"], ERR.NUMKEYS_TOO_MANY],
    [["SINTERCARD", "1", "a", "LIMIT"], ERR.SYNTAX],
    [["SINTERCARD", "1", "a", "LIMIT", "x"], ERR.LIMIT_NEGATIVE],
    [["SINTERCARD", "1", "a", "LIMIT", "-1"], ERR.LIMIT_NEGATIVE],
    [["SINTERCARD", "1", "a", "FOO", "1"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
