import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZREM", () => {
  test("removes members, counting those present; the key goes when empty", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    expect(run("ZREM", "z", "a", "x", "a")).toEqual(r.int(1));
    expect(run("ZRANGE", "z", "0", "-1")).toEqual(r.bulks("b", "c"));
    expect(run("ZREM", "z", "b", "c")).toEqual(r.int(2));
    expect(run("EXISTS", "z")).toEqual(r.int(0));
    expect(run("ZREM", "z", "a")).toEqual(r.int(0));
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("ZREM", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
