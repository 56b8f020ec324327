import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function members(reply: unknown): string[] {
  return (reply as { items: { value: string }[] }).items.map((item) => item.value);
}

describe("ZRANDMEMBER", () => {
  test("one random member, nil when the key is missing", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("ZRANDMEMBER", "z")).toEqual(r.nil);
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    const reply = run("ZRANDMEMBER", "z");
    expect(reply.kind === "bulk" && ["a", "b", "c"].includes(reply.value)).toBe(true);
  });

  test("a count covering the set answers all of it, highest first", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a", "2", "b", "3", "c");
    expect(run("ZRANDMEMBER", "z", "5", "WITHSCORES")).toEqual(
      r.bulks("c", "3", "b", "2", "a", "1"),
    );
    expect(run("ZRANDMEMBER", "z", "0")).toEqual(r.arr());
    expect(run("ZRANDMEMBER", "missing", "3")).toEqual(r.arr());
  });

  test("a smaller count gives distinct members; a negative one may repeat", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 0; i < 300; i++) {
      run("ZADD", "big", String(i), `m${i}`);
    }
    run("ZADD", "small", "1", "a", "2", "b", "3", "c", "4", "d");
    for (const key of ["big", "small"]) {
      const picked = members(run("ZRANDMEMBER", key, "3"));
      expect(new Set(picked).size).toBe(3);
    }
    const repeated = members(run("ZRANDMEMBER", "small", "-20"));
    expect(repeated).toHaveLength(20);
    expect(members(run("ZRANDMEMBER", "small", "-2", "WITHSCORES"))).toHaveLength(4);
  });

  test.for([
    [["ZRANDMEMBER", "z", "x"], ERR.NOT_INTEGER],
    [
      ["ZRANDMEMBER", "z", "-9223372036854775808"],
      ERR.VALUE_NOT_BETWEEN("-9223372036854775807", "9223372036854775807"),
    ],
    [["ZRANDMEMBER", "z", "9223372036854775807", "WITHSCORES"], ERR.VALUE_OUT_OF_RANGE],
    [["ZRANDMEMBER", "z", "1", "foo"], ERR.SYNTAX],
    [["ZRANDMEMBER", "z", "1", "WITHSCORES", "x"], ERR.SYNTAX],
    [["ZRANDMEMBER", "s"], ERR.WRONGTYPE],
    [["ZRANDMEMBER", "s", "1"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
