import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZREMRANGEBYRANK", () => {
  test("removes by rank; the key goes when empty", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c", "4", "d");
    expect(run("ZREMRANGEBYRANK", "z", "0", "0")).toEqual(r.int(1));
    expect(run("ZREMRANGEBYRANK", "z", "-1", "-1")).toEqual(r.int(1));
    expect(run("ZREMRANGEBYRANK", "z", "5", "10")).toEqual(r.int(0));
    expect(run("ZRANGE", "z", "0", "-1")).toEqual(r.bulks("b", "c"));
    expect(run("ZREMRANGEBYRANK", "z", "0", "-1")).toEqual(r.int(2));
    expect(run("EXISTS", "z")).toEqual(r.int(0));
    expect(run("ZREMRANGEBYRANK", "z", "0", "-1")).toEqual(r.int(0));
  });

  test.for([
    [["ZREMRANGEBYRANK", "z", "x", "1"], ERR.NOT_INTEGER],
    [["ZREMRANGEBYRANK", "s", "0", "1"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
