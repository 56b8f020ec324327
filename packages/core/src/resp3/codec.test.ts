import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { decodeResp3, Resp3ProtocolError, Resp3StreamDecoder } from "./decode.ts";
import { encodeResp3 } from "./encode.ts";
import type { Resp3Value } from "./value.ts";

const text = (value: Uint8Array): string => Buffer.from(value).toString("latin1");
const bytes = (value: string): Uint8Array => new Uint8Array(Buffer.from(value, "latin1"));
const line = fc.string({ unit: "grapheme" }).filter((s) => !/[\r\n]/.test(s));
const blob = fc.uint8Array({ maxLength: 40 });
const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });

const { value: anyValue } = fc.letrec<{ value: Resp3Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    line.map((value) => ({ kind: "simple", value }) as const),
    line.map((message) => ({ kind: "error", message }) as const),
    int64.map((value) => ({ kind: "integer", value }) as const),
    blob.map((value) => ({ kind: "bulk", value }) as const),
    fc.constant({ kind: "null" } as const),
    fc.boolean().map((value) => ({ kind: "boolean", value }) as const),
    fc.double().map((value) => ({ kind: "double", value }) as const),
    fc.bigInt().map((value) => ({ kind: "big-number", value }) as const),
    blob.map((message) => ({ kind: "blob-error", message }) as const),
    fc
      .tuple(fc.constantFrom("txt", "mkd"), blob)
      .map(([format, value]) => ({ kind: "verbatim", format, value }) as const),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => ({ kind: "array", items }) as const),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => ({ kind: "set", items }) as const),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => ({ kind: "push", items }) as const),
    fc
      .array(fc.tuple(tie("value"), tie("value")), { maxLength: 3 })
      .map((entries) => ({ kind: "map", entries }) as const),
    fc
      .tuple(fc.array(fc.tuple(tie("value"), tie("value")), { maxLength: 2 }), tie("value"))
      .map(([entries, value]) => ({ kind: "attribute", entries, value }) as const),
  ),
}));

describe("RESP3 encoding, as Redis writes it", () => {
  test.for<[string, Resp3Value, string]>([
    ["null", { kind: "null" }, "_\r\n"],
    ["true", { kind: "boolean", value: true }, "#t\r\n"],
    ["false", { kind: "boolean", value: false }, "#f\r\n"],
    ["a double", { kind: "double", value: 1.5 }, ",1.5\r\n"],
    ["inf", { kind: "double", value: Number.POSITIVE_INFINITY }, ",inf\r\n"],
    ["-inf", { kind: "double", value: Number.NEGATIVE_INFINITY }, ",-inf\r\n"],
    ["nan", { kind: "double", value: Number.NaN }, ",nan\r\n"],
    ["a big number", { kind: "big-number", value: 2n ** 70n }, "(1180591620717411303424\r\n"],
    ["a blob error", { kind: "blob-error", message: bytes("SYNTAX x") }, "!8\r\nSYNTAX x\r\n"],
    [
      "a verbatim string",
      { kind: "verbatim", format: "txt", value: bytes("hi") },
      "=6\r\ntxt:hi\r\n",
    ],
    [
      "a map",
      {
        kind: "map",
        entries: [
          [
            { kind: "bulk", value: bytes("a") },
            { kind: "integer", value: 1n },
          ],
        ],
      },
      "%1\r\n$1\r\na\r\n:1\r\n",
    ],
    ["a set", { kind: "set", items: [{ kind: "simple", value: "x" }] }, "~1\r\n+x\r\n"],
    [
      "a push",
      { kind: "push", items: [{ kind: "bulk", value: bytes("message") }] },
      ">1\r\n$7\r\nmessage\r\n",
    ],
    [
      "an attribute",
      {
        kind: "attribute",
        entries: [
          [
            { kind: "simple", value: "ttl" },
            { kind: "integer", value: 3n },
          ],
        ],
        value: { kind: "null" },
      },
      "|1\r\n+ttl\r\n:3\r\n_\r\n",
    ],
  ])("%s", ([, value, wire], { expect }) => {
    expect(text(encodeResp3(value))).toBe(wire);
    expect(decodeResp3(bytes(wire))).toEqual(value);
  });
});

describe("RESP3 round trips", () => {
  fcTest.prop([anyValue])("decode(encode(v)) is v", (value) => {
    const decoded = decodeResp3(encodeResp3(value));
    // toEqual tells -0 from 0 and treats NaN as NaN, as the wire does.
    return JSON.stringify(decoded, replacer) === JSON.stringify(value, replacer);
  });

  fcTest.prop([
    fc.array(anyValue, { minLength: 1, maxLength: 5 }),
    fc.array(fc.nat(), { maxLength: 6 }),
  ])("any split of a stream of values decodes to the same values", (values, cuts) => {
    const wire = Buffer.concat(values.map((value) => encodeResp3(value)));
    const points = [...new Set(cuts.map((cut) => cut % (wire.length + 1)))].sort((a, b) => a - b);
    const decoder = new Resp3StreamDecoder();
    const decoded: Resp3Value[] = [];
    let start = 0;
    for (const point of [...points, wire.length]) {
      decoded.push(...decoder.push(wire.subarray(start, point)));
      start = point;
    }
    return JSON.stringify(decoded, replacer) === JSON.stringify(values, replacer);
  });

  fcTest.prop([
    fc.uint8Array({ maxLength: 64 }),
    fc.array(fc.constantFrom(..."+-:$*%~>|_#,(!=\r\n0123456789tf"), { maxLength: 40 }),
  ])(
    "arbitrary bytes make the decoder return values or throw its own error, nothing else",
    (random, typed) => {
      for (const input of [random, bytes(typed.join(""))]) {
        try {
          new Resp3StreamDecoder().push(input);
        } catch (error: unknown) {
          if (!(error instanceof Resp3ProtocolError)) {
            throw error;
          }
        }
      }
    },
  );
});

test("nesting deeper than the limit is a protocol error, not a stack overflow", ({ expect }) => {
  const wire = bytes("*1\r\n".repeat(100_000));
  expect(() => new Resp3StreamDecoder().push(wire)).toThrow(Resp3ProtocolError);
});

test("a huge declared length is refused, not allocated", ({ expect }) => {
  expect(() => new Resp3StreamDecoder().push(bytes("$99999999999\r\n"))).toThrow(
    Resp3ProtocolError,
  );
  expect(() => new Resp3StreamDecoder().push(bytes("*99999999999\r\n"))).toThrow(
    Resp3ProtocolError,
  );
});

/** JSON for comparison: bigints, bytes, NaN, infinities and -0 spelled out. */
function replacer(_key: string, value: unknown): unknown {
  if (typeof value === "bigint") {
    return `${value}n`;
  }
  if (value instanceof Uint8Array) {
    return `bytes:${Buffer.from(value).toString("hex")}`;
  }
  if (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0))) {
    return Object.is(value, -0) ? "-0" : String(value);
  }
  return value;
}
