import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SWAPDB", () => {
  test("swaps two databases", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "zero");
    expect(run("SWAPDB", "0", "1")).toEqual(r.ok);
    expect(run("GET", "k")).toEqual(r.nil);
    run("SELECT", "1");
    expect(run("GET", "k")).toEqual(r.bulk("zero"));
    expect(run("SWAPDB", "1", "1")).toEqual(r.ok);
  });

  test.for([
    [["SWAPDB", "a", "1"], ERR.INVALID_FIRST_DB_INDEX],
    [["SWAPDB", "0", "b"], ERR.INVALID_SECOND_DB_INDEX],
    [["SWAPDB", "4294967296", "0"], ERR.INVALID_FIRST_DB_INDEX],
    [["SWAPDB", "0", "16"], ERR.DB_INDEX_OUT_OF_RANGE],
    [["SWAPDB", "-1", "0"], ERR.DB_INDEX_OUT_OF_RANGE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
