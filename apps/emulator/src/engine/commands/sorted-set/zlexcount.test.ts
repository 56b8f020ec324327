import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZLEXCOUNT", () => {
  test("counts members in the lexicographical range", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "0", "a", "0", "b", "0", "c");
    expect(run("ZLEXCOUNT", "z", "-", "+")).toEqual(r.int(3));
    expect(run("ZLEXCOUNT", "z", "[b", "+")).toEqual(r.int(2));
    expect(run("ZLEXCOUNT", "z", "(a", "(c")).toEqual(r.int(1));
    expect(run("ZLEXCOUNT", "missing", "-", "+")).toEqual(r.int(0));
  });

  test.for([
    [["ZLEXCOUNT", "z", "a", "+"], ERR.MIN_MAX_NOT_LEX],
    [["ZLEXCOUNT", "s", "-", "+"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
