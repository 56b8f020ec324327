import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZREMRANGEBYLEX", () => {
  test("removes by lexicographical range; the key goes when empty", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "0", "a", "0", "b", "0", "c", "0", "d");
    expect(run("ZREMRANGEBYLEX", "z", "[a", "(c")).toEqual(r.int(2));
    expect(run("ZRANGE", "z", "0", "-1")).toEqual(r.bulks("c", "d"));
    expect(run("ZREMRANGEBYLEX", "z", "(d", "+")).toEqual(r.int(0));
    expect(run("ZREMRANGEBYLEX", "z", "-", "+")).toEqual(r.int(2));
    expect(run("EXISTS", "z")).toEqual(r.int(0));
  });

  test.for([
    [["ZREMRANGEBYLEX", "z", "a", "+"], ERR.MIN_MAX_NOT_LEX],
    [["ZREMRANGEBYLEX", "s", "-", "+"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
