import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { utf8Decode, utf8Encode } from "../base64/index.ts";
import type { Resp2Value } from "../resp2/value.ts";
import { RestResultShapeError } from "./errors.ts";
import {
  fromRestResult,
  fromRestResults,
  type RestOutcome,
  type RestValue,
  stringifyRestResult,
  toRestJson,
  toRestResult,
  toRestResults,
  toRestResultsJson,
} from "./result.ts";

const simple = (value: string): Resp2Value => ({ kind: "simple", value });
const bulk = (text: string): Resp2Value => ({ kind: "bulk", value: utf8Encode(text) });
const bytes = (...values: number[]): Resp2Value => ({
  kind: "bulk",
  value: Uint8Array.from(values),
});
const integer = (value: bigint): Resp2Value => ({ kind: "integer", value });
const array = (...items: Resp2Value[]): Resp2Value => ({ kind: "array", items });
const error = (message: string): Resp2Value => ({ kind: "error", message });
const nil: Resp2Value = { kind: "null" };
const nilArray: Resp2Value = { kind: "null-array" };

const BASE64 = { base64: true } as const;
const PLAIN = { base64: false } as const;

/** Throws with both values printed when they differ (props have no `expect`). */
function assertSame(actual: unknown, expected: unknown): void {
  const [a, e] = [fc.stringify(actual), fc.stringify(expected)];
  if (a !== e) {
    throw new Error(`expected ${e}\nreceived ${a}`);
  }
}

describe("toRestResult with base64 (spec/kv-rest-wire.md §6.3)", () => {
  test.for([
    ["SET foo bar", simple("OK"), '{"result":"OK"}'],
    ["GET foo", bulk("bar"), '{"result":"YmFy"}'],
    ["GET missing", nil, '{"result":null}'],
    ["INCR n", integer(1n), '{"result":1}'],
    ["MGET foo missing", array(bulk("bar"), nil), '{"result":["YmFy",null]}'],
    ["PING", simple("PONG"), '{"result":"UE9ORw=="}'],
    ["SCAN 0", array(bulk("0"), array(bulk("foo"))), '{"result":["MA==",["Zm9v"]]}'],
    [
      "HGET on a string",
      error("WRONGTYPE Operation against a key holding the wrong kind of value"),
      '{"error":"WRONGTYPE Operation against a key holding the wrong kind of value"}',
    ],
  ] as const)("%s → %s", ([, value, json], { expect }) => {
    expect(toRestJson(value, BASE64)).toBe(json);
    expect(toRestResult(value, BASE64)).toEqual(JSON.parse(json));
  });

  test("encodes the pipeline example entry by entry", ({ expect }) => {
    const replies = [
      simple("OK"),
      bulk("bar"),
      error("WRONGTYPE Operation against a key holding the wrong kind of value"),
    ];
    expect(toRestResultsJson(replies, BASE64)).toBe(
      '[{"result":"OK"},{"result":"YmFy"},{"error":"WRONGTYPE Operation against a key holding the wrong kind of value"}]',
    );
    expect(toRestResults(replies, BASE64)).toEqual([
      { result: "OK" },
      { result: "YmFy" },
      { error: "WRONGTYPE Operation against a key holding the wrong kind of value" },
    ]);
  });

  test("leaves only a top-level simple OK raw (§6.1 rules 2 and 4)", ({ expect }) => {
    expect(toRestResult(array(simple("OK")), BASE64)).toEqual({ result: ["T0s="] });
    expect(toRestResult(array(array(simple("OK"))), BASE64)).toEqual({ result: [["T0s="]] });
    // A bulk "OK" is data (GET of a key holding "OK"), not the status.
    expect(toRestResult(bulk("OK"), BASE64)).toEqual({ result: "T0s=" });
    expect(toRestResult(simple("QUEUED"), BASE64)).toEqual({ result: "UVVFVUVE" });
    expect(toRestResult(simple("ok"), BASE64)).toEqual({ result: "b2s=" });
  });

  test("encodes floats, which are bulk strings (§5.2)", ({ expect }) => {
    expect(toRestResult(bulk("99.5"), BASE64)).toEqual({ result: "OTkuNQ==" });
  });

  test("keeps raw bytes exactly, invalid UTF-8 included", ({ expect }) => {
    expect(toRestResult(bytes(0xff, 0x00, 0xc3), BASE64)).toEqual({ result: "/wDD" });
  });

  test("never encodes a top-level error, and encodes a nested one as its message (§5.2)", ({
    expect,
  }) => {
    expect(toRestResult(error("ERR boom"), BASE64)).toEqual({ error: "ERR boom" });
    expect(toRestResult(array(integer(1n), error("ERR boom")), BASE64)).toEqual({
      result: [1, "RVJSIGJvb20="],
    });
  });
});

describe("toRestResult without base64", () => {
  test("sends strings as text", ({ expect }) => {
    expect(toRestJson(array(simple("OK"), bulk("héllo"), simple("PONG")), PLAIN)).toBe(
      '{"result":["OK","héllo","PONG"]}',
    );
  });

  test("replaces invalid UTF-8 with U+FFFD (§5.2)", ({ expect }) => {
    expect(toRestResult(bytes(0x6d, 0xaa), PLAIN)).toEqual({ result: "m\uFFFD" });
  });

  test("keeps a leading BOM in a value", ({ expect }) => {
    expect(toRestResult(bytes(0xef, 0xbb, 0xbf, 0x61), PLAIN)).toEqual({ result: "\uFEFFa" });
  });

  test("sends a nested error as its message", ({ expect }) => {
    expect(toRestResult(array(error("ERR x")), PLAIN)).toEqual({ result: ["ERR x"] });
  });

  test("escapes what JSON needs escaped", ({ expect }) => {
    const text = 'quote " backslash \\ newline \n nul \0 ';
    expect(toRestJson(bulk(text), PLAIN)).toBe(JSON.stringify({ result: text }));
  });
});

describe("integers and nulls", () => {
  test.for([BASE64, PLAIN])("maps both RESP2 nulls to null (%j)", (options, { expect }) => {
    expect(toRestResult(nil, options)).toEqual({ result: null });
    expect(toRestResult(nilArray, options)).toEqual({ result: null });
    expect(toRestJson(array(nilArray, nil), options)).toBe('{"result":[null,null]}');
  });

  test("writes 64-bit integers with their exact digits (§5.2)", ({ expect }) => {
    const max = 9223372036854775807n;
    const min = -9223372036854775808n;
    expect(toRestJson(array(integer(max), integer(min)), BASE64)).toBe(
      '{"result":[9223372036854775807,-9223372036854775808]}',
    );
    expect(toRestResult(integer(max), BASE64)).toEqual({ result: max });
    expect(stringifyRestResult(toRestResult(integer(max), BASE64))).toBe(
      '{"result":9223372036854775807}',
    );
  });

  test("uses a number up to 2^53 - 1 and a bigint beyond", ({ expect }) => {
    expect(toRestResult(integer(9007199254740991n), PLAIN)).toEqual({ result: 9007199254740991 });
    expect(toRestResult(integer(-9007199254740991n), PLAIN)).toEqual({ result: -9007199254740991 });
    expect(toRestResult(integer(9007199254740992n), PLAIN)).toEqual({ result: 9007199254740992n });
  });
});

describe("fromRestResult", () => {
  const text = (value: string): Uint8Array => utf8Encode(value);

  test("decodes the §6.3 examples back to bytes", ({ expect }) => {
    expect(fromRestResult({ result: "OK" }, BASE64)).toEqual({ ok: true, value: text("OK") });
    expect(fromRestResult({ result: "YmFy" }, BASE64)).toEqual({ ok: true, value: text("bar") });
    expect(fromRestResult({ result: null }, BASE64)).toEqual({ ok: true, value: null });
    expect(fromRestResult({ result: 1 }, BASE64)).toEqual({ ok: true, value: 1 });
    expect(fromRestResult({ result: ["MA==", ["Zm9v"]] }, BASE64)).toEqual({
      ok: true,
      value: [text("0"), [text("foo")]],
    });
  });

  test("accepts the encoded top-level OK and a raw OK at any depth", ({ expect }) => {
    expect(fromRestResult({ result: "T0s=" }, BASE64)).toEqual({ ok: true, value: text("OK") });
    expect(fromRestResult({ result: ["OK", ["OK"]] }, BASE64)).toEqual({
      ok: true,
      value: [text("OK"), [text("OK")]],
    });
  });

  test("returns an error reply without decoding it (§6.1 rule 3)", ({ expect }) => {
    expect(fromRestResult({ error: "ERR boom" }, BASE64)).toEqual({ ok: false, error: "ERR boom" });
  });

  test("takes strings as UTF-8 text without base64", ({ expect }) => {
    expect(fromRestResult({ result: ["héllo", "YmFy"] }, PLAIN)).toEqual({
      ok: true,
      value: [text("héllo"), text("YmFy")],
    });
  });

  test("ignores unknown keys", ({ expect }) => {
    expect(fromRestResult({ result: 1, extra: true }, PLAIN)).toEqual({ ok: true, value: 1 });
  });

  test("accepts bigints from a bigint-aware JSON reader", ({ expect }) => {
    expect(fromRestResult({ result: [9223372036854775807n] }, PLAIN)).toEqual({
      ok: true,
      value: [9223372036854775807n],
    });
  });

  test.for([
    ["a string body", "OK", /expected an object with `result` or `error`/],
    ["null", null, /expected an object/],
    ["an array body", [{ result: 1 }], /expected an object/],
    ["an empty object", {}, /neither `result` nor `error` is present/],
    ["both keys", { result: null, error: "x" }, /both `result` and `error` are present/],
    ["a non-string error", { error: 1 }, /`error` is not a string/],
    ["a boolean", { result: true }, /true is not null, an integer, a string or an array/],
    ["an object value", { result: { a: 1 } }, /\{"a":1\} is not null/],
    ["a nested boolean", { result: [1, [false]] }, /false is not null/],
    ["a float", { result: 1.5 }, /number 1.5 is not an integer/],
    ["unencoded text", { result: "bar" }, /string "bar" is not base64/],
    ["nested unencoded text", { result: ["YmFy", "a b"] }, /string "a b" is not base64/],
  ] as const)("rejects %s", ([, json, pattern], { expect }) => {
    expect(() => fromRestResult(json, BASE64)).toThrow(RestResultShapeError);
    expect(() => fromRestResult(json, BASE64)).toThrow(pattern);
  });

  test("quotes the whole input, truncated, and keeps the base64 error as cause", ({ expect }) => {
    const json = { result: ["YmFy", "bar"], padding: "x".repeat(300) };
    let thrown: unknown;
    try {
      fromRestResult(json, BASE64);
    } catch (error: unknown) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RestResultShapeError);
    const shapeError = thrown as RestResultShapeError;
    expect(shapeError.input).toMatch(/^\{"result":\["YmFy","bar"\],"padding":"x+…$/);
    expect(shapeError.input.length).toBe(201);
    expect(shapeError.cause).toBeInstanceOf(Error);
  });
});

describe("fromRestResults", () => {
  test("decodes a pipeline body entry by entry", ({ expect }) => {
    const body = [{ result: "OK" }, { result: "YmFy" }, { error: "WRONGTYPE x" }];
    expect(fromRestResults(body, BASE64)).toEqual([
      { ok: true, value: utf8Encode("OK") },
      { ok: true, value: utf8Encode("bar") },
      { ok: false, error: "WRONGTYPE x" },
    ]);
  });

  test("rejects a body that is not an array, naming a bad entry's index", ({ expect }) => {
    expect(() => fromRestResults({ error: "ERR discarded" }, BASE64)).toThrow(/expected an array/);
    expect(() => fromRestResults([{ result: 1 }, { result: 2, error: "x" }], BASE64)).toThrow(
      /entry 1: both/,
    );
  });
});

// Arbitrary RESP2 reply trees. Integers cover the whole 64-bit range, so both sides of 2^53.
const textArbitrary = fc.string({ unit: "binary", maxLength: 12 });
const integerArbitrary = fc.oneof(
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.bigInt({ min: -(2n ** 53n) - 2n, max: 2n ** 53n + 2n }),
  fc.bigInt({ min: -1000n, max: 1000n }),
);
const safeIntegerArbitrary = fc.bigInt({ min: -(2n ** 53n) + 1n, max: 2n ** 53n - 1n });

function resp2Arbitrary(integers: fc.Arbitrary<bigint>): fc.Arbitrary<Resp2Value> {
  const leaf: fc.Arbitrary<Resp2Value> = fc.oneof(
    fc.oneof(textArbitrary, fc.constant("OK")).map((value) => ({ kind: "simple", value }) as const),
    textArbitrary.map((message) => ({ kind: "error", message }) as const),
    integers.map((value) => ({ kind: "integer", value }) as const),
    fc
      .oneof(
        fc.uint8Array({ maxLength: 12 }),
        textArbitrary.map(utf8Encode),
        fc.constant(utf8Encode("OK")),
      )
      .map((value) => ({ kind: "bulk", value }) as const),
    fc.constant({ kind: "null" } as const),
    fc.constant({ kind: "null-array" } as const),
  );
  return fc.letrec<{ value: Resp2Value }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc.array(tie("value"), { maxLength: 4 }).map((items) => ({ kind: "array", items }) as const),
    ),
  })).value;
}

const anyReply = resp2Arbitrary(integerArbitrary);
const safeReply = resp2Arbitrary(safeIntegerArbitrary);

/** What the client should get back for `value`, per §5.2 and §6. */
function expectedValue(value: Resp2Value, isBase64: boolean): RestValue {
  switch (value.kind) {
    case "simple":
      return utf8Encode(value.value);
    case "error":
      return utf8Encode(value.message);
    case "integer": {
      const asNumber = Number(value.value);
      return Number.isSafeInteger(asNumber) ? asNumber : value.value;
    }
    case "bulk":
      // Without base64 the wire carries text, so invalid UTF-8 comes back as U+FFFD.
      return isBase64 ? value.value : utf8Encode(utf8Decode(value.value));
    case "null":
    case "null-array":
      return null;
    case "array":
      return value.items.map((item) => expectedValue(item, isBase64));
    default:
      throw new Error("unreachable");
  }
}

function expectedOutcome(value: Resp2Value, isBase64: boolean): RestOutcome {
  return value.kind === "error"
    ? { ok: false, error: value.message }
    : { ok: true, value: expectedValue(value, isBase64) };
}

describe("toRestResult → fromRestResult", () => {
  fcTest.prop([anyReply])("round-trips exact bytes with base64", (value) => {
    assertSame(fromRestResult(toRestResult(value, BASE64), BASE64), expectedOutcome(value, true));
  });

  fcTest.prop([anyReply])("round-trips text without base64 (invalid UTF-8 → U+FFFD)", (value) => {
    assertSame(fromRestResult(toRestResult(value, PLAIN), PLAIN), expectedOutcome(value, false));
  });

  fcTest.prop([safeReply, fc.boolean()])("round-trips through the JSON text", (value, base64) => {
    const json: unknown = JSON.parse(toRestJson(value, { base64 }));
    assertSame(fromRestResult(json, { base64 }), expectedOutcome(value, base64));
  });

  fcTest.prop([fc.array(anyReply, { maxLength: 4 }), fc.boolean()])(
    "round-trips pipeline arrays",
    (values, base64) => {
      const outcomes = fromRestResults(toRestResults(values, { base64 }), { base64 });
      assertSame(
        outcomes,
        values.map((value) => expectedOutcome(value, base64)),
      );
    },
  );

  fcTest.prop([fc.uint8Array({ maxLength: 24 })])(
    "keeps valid UTF-8 exact without base64",
    (raw) => {
      const value = utf8Encode(utf8Decode(raw)); // always valid UTF-8
      const outcome = fromRestResult(toRestResult({ kind: "bulk", value }, PLAIN), PLAIN);
      assertSame(outcome, { ok: true, value });
    },
  );
});

describe("toRestJson", () => {
  fcTest.prop([safeReply, fc.boolean()])(
    "equals JSON.stringify(toRestResult(…)) when integers are safe",
    (value, base64) =>
      toRestJson(value, { base64 }) === JSON.stringify(toRestResult(value, { base64 })),
  );

  fcTest.prop([anyReply, fc.boolean()])(
    "equals stringifyRestResult(toRestResult(…)) for any integer",
    (value, base64) =>
      toRestJson(value, { base64 }) === stringifyRestResult(toRestResult(value, { base64 })),
  );

  fcTest.prop([fc.array(safeReply, { maxLength: 4 }), fc.boolean()])(
    "toRestResultsJson equals JSON.stringify(toRestResults(…))",
    (values, base64) =>
      toRestResultsJson(values, { base64 }) === JSON.stringify(toRestResults(values, { base64 })),
  );
});
