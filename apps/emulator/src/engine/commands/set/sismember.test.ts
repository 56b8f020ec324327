import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SISMEMBER", () => {
  test("1 for a member, 0 otherwise", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "a", "10");
    expect(run("SISMEMBER", "s", "a")).toEqual(r.int(1));
    expect(run("SISMEMBER", "s", "10")).toEqual(r.int(1));
    // Integers match as text: "010" is not 10.
    expect(run("SISMEMBER", "s", "010")).toEqual(r.int(0));
    expect(run("SISMEMBER", "nokey", "a")).toEqual(r.int(0));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SISMEMBER", "str", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
