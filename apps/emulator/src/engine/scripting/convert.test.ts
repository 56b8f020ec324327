import { describe, test } from "vitest";
import { formatG, luaNumberToInteger } from "./convert.ts";

describe("formatG", () => {
  // Each as redis-server 7.0 stores a number a script passes to redis.call ("%.17g").
  test.for([
    [0.1, "0.10000000000000001"],
    [1 / 3, "0.33333333333333331"],
    [1e21, "1e+21"],
    [1e-7, "9.9999999999999995e-08"],
    [1.2345678901234568e20, "1.2345678901234568e+20"],
    [5e-324, "4.9406564584124654e-324"],
    [100, "100"],
    [1.5, "1.5"],
    [-2.5e-10, "-2.5000000000000002e-10"],
    [2 ** 53, "9007199254740992"],
    [-0, "-0"],
    [0, "0"],
    [Number.POSITIVE_INFINITY, "inf"],
    [Number.NEGATIVE_INFINITY, "-inf"],
    [1e17, "1e+17"],
    [1e16, "10000000000000000"],
    [123456.789, "123456.789"],
  ] as const)("%.17g of %d is %s", ([value, text], { expect }) => {
    expect(formatG(value, 17)).toBe(text);
  });

  test("%.14g, the precision Lua 5.1 prints numbers with", ({ expect }) => {
    expect(formatG(1e15, 14)).toBe("1e+15");
    expect(formatG(-1e-5, 14)).toBe("-1e-05");
    expect(formatG(123.456, 14)).toBe("123.456");
    expect(formatG(2 ** 63, 14)).toBe("9.2233720368548e+18");
  });

  test("NaN prints with the sign x86 gives it, the opposite of WebAssembly's", ({ expect }) => {
    // 0/0 is positive in WebAssembly and JavaScript, negative on x86 ("-nan" in Redis).
    expect(formatG(Number.NaN, 17)).toBe("-nan");
    const signed = new DataView(new ArrayBuffer(8));
    signed.setFloat64(0, Number.NaN);
    signed.setUint8(0, signed.getUint8(0) | 0x80);
    expect(formatG(signed.getFloat64(0), 17)).toBe("nan");
  });
});

describe("luaNumberToInteger", () => {
  test("truncates toward zero", ({ expect }) => {
    expect(luaNumberToInteger(3.99)).toBe(3);
    expect(luaNumberToInteger(-3.99)).toBe(-3);
    expect(luaNumberToInteger(-0.5)).toBe(0);
    expect(Object.is(luaNumberToInteger(-0.5), -0)).toBe(false);
  });

  test("beyond 2^53 the result is a bigint", ({ expect }) => {
    expect(luaNumberToInteger(2 ** 62)).toBe(4611686018427387904n);
    expect(luaNumberToInteger(-(2 ** 63))).toBe(-9223372036854775808n);
  });

  test("NaN, infinities and overflow give LLONG_MIN, as x86 converts them", ({ expect }) => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, -Infinity, 2 ** 63, 1e300]) {
      expect(luaNumberToInteger(value)).toBe(-9223372036854775808n);
    }
  });
});
