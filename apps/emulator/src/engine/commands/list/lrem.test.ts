import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LREM", () => {
  test("from the head, from the tail, or all", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "b", "a", "c", "a");
    expect(run("LREM", "k", "1", "a")).toEqual(r.int(1));
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("b", "a", "c", "a"));
    expect(run("LREM", "k", "-1", "a")).toEqual(r.int(1));
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("b", "a", "c"));
    run("RPUSH", "k", "a", "a");
    expect(run("LREM", "k", "0", "a")).toEqual(r.int(3));
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("b", "c"));
    expect(run("LREM", "k", "0", "zz")).toEqual(r.int(0));
  });

  test("removing everything deletes the key; a missing key removes nothing", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LREM", "k", "0", "a")).toEqual(r.int(0));
    run("RPUSH", "k", "a", "a");
    expect(run("LREM", "k", "0", "a")).toEqual(r.int(2));
    expect(run("EXISTS", "k")).toEqual(r.int(0));
  });

  test.for([
    [["LREM", "k", "x", "a"], ERR.NOT_INTEGER],
    [["LREM", "s", "0", "a"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
