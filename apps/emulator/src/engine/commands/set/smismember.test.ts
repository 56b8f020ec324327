import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SMISMEMBER", () => {
  test("1 or 0 per member; a missing key is an empty set", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "a", "b");
    expect(run("SMISMEMBER", "s", "a", "zz", "b")).toEqual(r.arr(r.int(1), r.int(0), r.int(1)));
    expect(run("SMISMEMBER", "nokey", "a")).toEqual(r.arr(r.int(0)));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SMISMEMBER", "str", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
