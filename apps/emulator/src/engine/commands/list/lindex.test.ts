import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LINDEX", () => {
  test("positive and negative indexes; nil out of range", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "b", "c");
    expect(run("LINDEX", "k", "0")).toEqual(r.bulk("a"));
    expect(run("LINDEX", "k", "-1")).toEqual(r.bulk("c"));
    expect(run("LINDEX", "k", "3")).toEqual(r.nil);
    expect(run("LINDEX", "k", "-4")).toEqual(r.nil);
    expect(run("LINDEX", "k", "9223372036854775807")).toEqual(r.nil);
  });

  test("a missing key is nil before the index is read", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LINDEX", "k", "abc")).toEqual(r.nil);
  });

  test.for([
    [["LINDEX", "k", "abc"], ERR.NOT_INTEGER],
    [["LINDEX", "k", "1.5"], ERR.NOT_INTEGER],
    [["LINDEX", "s", "0"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
