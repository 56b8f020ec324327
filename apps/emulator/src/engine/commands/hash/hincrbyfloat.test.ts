import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HINCRBYFLOAT", () => {
  test("adds in long double precision and prints like Redis (%.17Lf, zeros trimmed)", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    expect(run("HINCRBYFLOAT", "h", "f", "10.5")).toEqual(r.bulk("10.5"));
    expect(run("HINCRBYFLOAT", "h", "f", "0.1")).toEqual(r.bulk("10.6"));
    run("HSET", "h", "a", "0.1");
    // A double would give 0.30000000000000004.
    expect(run("HINCRBYFLOAT", "h", "a", "0.2")).toEqual(r.bulk("0.3"));
    expect(run("HINCRBYFLOAT", "h", "b", "3.0e3")).toEqual(r.bulk("3000"));
    expect(run("HINCRBYFLOAT", "h", "c", "1e20")).toEqual(r.bulk("100000000000000000000"));
    expect(run("HINCRBYFLOAT", "h", "d", "1.5e-20")).toEqual(r.bulk("0"));
    expect(run("HINCRBYFLOAT", "h", "e", "-0")).toEqual(r.bulk("0"));
    expect(run("HINCRBYFLOAT", "h", "g", "0x10")).toEqual(r.bulk("16"));
    expect(run("HINCRBYFLOAT", "h", "g", "-16.25")).toEqual(r.bulk("-0.25"));
  });

  test("long double range: values beyond a double still add", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "big", "1e400");
    const result = run("HINCRBYFLOAT", "h", "big", "1");
    expect(result.kind === "bulk" && result.value.startsWith("10000000000000000000281880")).toBe(
      true,
    );
  });

  test("keeps the field's TTL and logs the result as HSETEX KEEPTTL", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("HSET", "h", "f", "1", "other", "x");
    run("HPEXPIREAT", "h", "4102444800000", "FIELDS", "1", "f");
    effects.length = 0;
    expect(run("HINCRBYFLOAT", "h", "f", "0.5")).toEqual(r.bulk("1.5"));
    expect(run("HPEXPIRETIME", "h", "FIELDS", "1", "f")).toEqual(r.arr(r.int(4102444800000)));
    expect(effects).toEqual([
      { db: 0, argv: ["HSETEX", "h", "KEEPTTL", "FIELDS", "1", "f", "1.5"] },
    ]);
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HINCRBYFLOAT", "s", "f", "1")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["HINCRBYFLOAT", "h", "text", "1"], ERR.HASH_VALUE_NOT_FLOAT],
    [["HINCRBYFLOAT", "h", "inf", "1"], ERR.INCR_NAN_OR_INFINITY],
    [["HINCRBYFLOAT", "h", "f", "abc"], ERR.NOT_FLOAT],
    [["HINCRBYFLOAT", "h", "f", " 1"], ERR.NOT_FLOAT],
    [["HINCRBYFLOAT", "h", "f", "1e"], ERR.NOT_FLOAT],
    [["HINCRBYFLOAT", "h", "f", "nan"], ERR.NOT_FLOAT],
    [["HINCRBYFLOAT", "h", "f", "1e5000"], ERR.NOT_FLOAT],
    [["HINCRBYFLOAT", "h", "f", "1e-5000"], ERR.NOT_FLOAT],
    [["HINCRBYFLOAT", "h", "f", "inf"], ERR.NAN_OR_INFINITY],
    [["HINCRBYFLOAT", "h", "f", "-Infinity"], ERR.NAN_OR_INFINITY],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "text", "abc", "inf", "inf");
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("the sum overflowing a long double is refused", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "f", "1.1e4932");
    expect(run("HINCRBYFLOAT", "h", "f", "1.1e4932")).toEqual(r.err(ERR.INCR_NAN_OR_INFINITY));
  });
});
