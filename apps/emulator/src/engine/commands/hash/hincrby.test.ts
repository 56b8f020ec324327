import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HINCRBY", () => {
  test("adds to the integer, starting from 0", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HINCRBY", "h", "n", "5")).toEqual(r.int(5));
    expect(run("HINCRBY", "h", "n", "-7")).toEqual(r.int(-2));
    expect(run("HGET", "h", "n")).toEqual(r.bulk("-2"));
  });

  test("reaches the 64-bit limits exactly, then refuses to overflow", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "n", "9223372036854775806");
    expect(run("HINCRBY", "h", "n", "1")).toEqual(r.int(9223372036854775807n));
    expect(run("HINCRBY", "h", "n", "1")).toEqual(r.err(ERR.INCR_OVERFLOW));
    run("HSET", "h", "m", "-9223372036854775807");
    expect(run("HINCRBY", "h", "m", "-1")).toEqual(r.int(-9223372036854775808n));
    expect(run("HINCRBY", "h", "m", "-1")).toEqual(r.err(ERR.INCR_OVERFLOW));
  });

  test("keeps the field's TTL", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "n", "1", "other", "x");
    run("HPEXPIRE", "h", "100", "FIELDS", "1", "n");
    run("HINCRBY", "h", "n", "1");
    expect(run("HPTTL", "h", "FIELDS", "1", "n")).toEqual(r.arr(r.int(100)));
    clock.advance(100);
    expect(run("HGET", "h", "n")).toEqual(r.nil);
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HINCRBY", "s", "n", "1")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["HINCRBY", "h", "text", "1"], ERR.HASH_VALUE_NOT_INTEGER],
    [["HINCRBY", "h", "padded", "1"], ERR.HASH_VALUE_NOT_INTEGER],
    [["HINCRBY", "h", "n", "x"], ERR.NOT_INTEGER],
    [["HINCRBY", "h", "n", "1.5"], ERR.NOT_INTEGER],
    [["HINCRBY", "h", "n", "9223372036854775808"], ERR.NOT_INTEGER],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "text", "abc", "padded", "010");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
