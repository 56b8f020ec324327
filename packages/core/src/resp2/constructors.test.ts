import { describe, test } from "vitest";
import { StratusCoreError } from "../errors.ts";
import { isResp2Error, Resp2 } from "./constructors.ts";

describe("Resp2", () => {
  test("builds each kind", ({ expect }) => {
    expect(Resp2.simple("OK")).toEqual({ kind: "simple", value: "OK" });
    expect(Resp2.error("ERR x")).toEqual({ kind: "error", message: "ERR x" });
    expect(Resp2.integer(3)).toEqual({ kind: "integer", value: 3n });
    expect(Resp2.integer(-3n)).toEqual({ kind: "integer", value: -3n });
    expect(Resp2.null).toEqual({ kind: "null" });
    expect(Resp2.nullArray).toEqual({ kind: "null-array" });
    expect(Resp2.array([Resp2.null])).toEqual({ kind: "array", items: [{ kind: "null" }] });
  });

  test("bulk encodes strings as UTF-8 and keeps bytes as given", ({ expect }) => {
    expect(Resp2.bulk("é").value).toEqual(Uint8Array.of(0xc3, 0xa9));
    const bytes = Uint8Array.of(1, 2);
    expect(Resp2.bulk(bytes).value).toBe(bytes);
  });

  test("shares frozen nulls", ({ expect }) => {
    expect(Object.isFrozen(Resp2.null)).toBe(true);
    expect(Object.isFrozen(Resp2.nullArray)).toBe(true);
  });

  test.for([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    "integer rejects the number %s",
    (value, { expect }) => {
      expect(() => Resp2.integer(value)).toThrow(StratusCoreError);
    },
  );

  test("integer rejects bigints outside 64 bits", ({ expect }) => {
    expect(() => Resp2.integer(2n ** 63n)).toThrow(/must fit in 64 bits/);
    expect(Resp2.integer(-(2n ** 63n)).value).toBe(-(2n ** 63n));
  });
});

describe("isResp2Error", () => {
  test("is true for error replies only", ({ expect }) => {
    expect(isResp2Error(Resp2.error("ERR x"))).toBe(true);
    expect(isResp2Error(Resp2.simple("ERR x"))).toBe(false);
    expect(isResp2Error(Resp2.null)).toBe(false);
  });
});
