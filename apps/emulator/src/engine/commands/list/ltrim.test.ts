import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LTRIM", () => {
  test("keeps the inclusive range", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "b", "c", "d", "e");
    expect(run("LTRIM", "k", "1", "-2")).toEqual(r.ok);
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("b", "c", "d"));
    expect(run("LTRIM", "k", "-100", "100")).toEqual(r.ok);
    expect(run("LLEN", "k")).toEqual(r.int(3));
  });

  test("an empty range deletes the list; a missing key is OK", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LTRIM", "k", "0", "1")).toEqual(r.ok);
    run("RPUSH", "k", "a", "b");
    expect(run("LTRIM", "k", "2", "1")).toEqual(r.ok);
    expect(run("EXISTS", "k")).toEqual(r.int(0));
  });

  test.for([
    [["LTRIM", "k", "x", "1"], ERR.NOT_INTEGER],
    [["LTRIM", "s", "0", "1"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
