import { describe, test } from "vitest";
import { ResponseShapeError } from "../errors.ts";
import {
  asBoolean,
  asFloat,
  asNullableText,
  asScanPage,
  asScoredMembers,
  asTextRecord,
} from "./decode.ts";

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe("decoders", () => {
  test("text, nulls and booleans", ({ expect }) => {
    expect(asNullableText(bytes("héllo"))).toBe("héllo");
    expect(asNullableText(null)).toBeNull();
    expect(asBoolean(1)).toBe(true);
    expect(asBoolean(0)).toBe(false);
  });

  test.for([
    ["3.5", 3.5],
    ["inf", Number.POSITIVE_INFINITY],
    ["-inf", Number.NEGATIVE_INFINITY],
    ["1e3", 1000],
  ] as const)("float %s", ([text, value], { expect }) => {
    expect(asFloat(bytes(text))).toBe(value);
  });

  test("flat pairs become records and scored members", ({ expect }) => {
    expect(asTextRecord([bytes("a"), bytes("1"), bytes("b"), bytes("2")])).toEqual({
      a: "1",
      b: "2",
    });
    expect(asScoredMembers([bytes("m"), bytes("1.5")])).toEqual([{ member: "m", score: 1.5 }]);
    expect(asScanPage([bytes("0"), [bytes("k")]])).toEqual({ cursor: "0", items: ["k"] });
  });

  test("a reply of the wrong shape throws, never guesses", ({ expect }) => {
    expect(() => asNullableText(7)).toThrow(ResponseShapeError);
    expect(() => asFloat(bytes("abc"))).toThrow(/Expected a float/);
    expect(() => asTextRecord(null)).toThrow(/Expected an array/);
  });
});
