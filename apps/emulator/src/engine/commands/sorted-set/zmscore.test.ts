import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZMSCORE", () => {
  test("a score or nil per member; all nil for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2.5", "b");
    expect(run("ZMSCORE", "z", "a", "x", "b")).toEqual(r.arr(r.bulk("1"), r.nil, r.bulk("2.5")));
    expect(run("ZMSCORE", "missing", "a", "b")).toEqual(r.arr(r.nil, r.nil));
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("ZMSCORE", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
