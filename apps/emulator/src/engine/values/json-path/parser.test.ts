import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { ReplyError } from "../../errors.ts";
import { compilePath, type Segment } from "./parser.ts";

const segmentsOf = (path: string): readonly Segment[] => compilePath(path).segments;

describe("compilePath", () => {
  test("names, wildcards and recursive descent", ({ expect }) => {
    expect(segmentsOf("$")).toEqual([]);
    expect(segmentsOf("$.a.b_c-d")).toEqual([
      { kind: "key", key: "a" },
      { kind: "key", key: "b_c-d" },
    ]);
    expect(segmentsOf("$.*")).toEqual([{ kind: "all" }]);
    expect(segmentsOf("$[*]")).toEqual([{ kind: "all" }]);
    expect(segmentsOf("$..a")).toEqual([{ kind: "descendants" }, { kind: "key", key: "a" }]);
    expect(segmentsOf("$..*")).toEqual([{ kind: "descendants" }, { kind: "all" }]);
    expect(segmentsOf("$..[0]")).toEqual([
      { kind: "descendants" },
      { kind: "indexes", indexes: [0] },
    ]);
    // The first name may follow `$` directly.
    expect(segmentsOf("$a")).toEqual([{ kind: "key", key: "a" }]);
  });

  test("bracketed names, with either quote and escapes", ({ expect }) => {
    expect(segmentsOf("$['a']")).toEqual([{ kind: "keys", keys: ["a"] }]);
    expect(segmentsOf('$.["a b","c.d"]')).toEqual([{ kind: "keys", keys: ["a b", "c.d"] }]);
    expect(segmentsOf(`$["it's"]`)).toEqual([{ kind: "keys", keys: ["it's"] }]);
    expect(segmentsOf(`$['say \\'hi\\'']`)).toEqual([{ kind: "keys", keys: ["say 'hi'"] }]);
    expect(segmentsOf(`$["a\\\\b"]`)).toEqual([{ kind: "keys", keys: ["a\\b"] }]);
    // UTF-8 names are decoded.
    expect(segmentsOf("$['\u00c3\u00a9']")).toEqual([{ kind: "keys", keys: ["é"] }]);
  });

  test("indexes, unions and slices", ({ expect }) => {
    expect(segmentsOf("$[0]")).toEqual([{ kind: "indexes", indexes: [0] }]);
    expect(segmentsOf("$[-1,2]")).toEqual([{ kind: "indexes", indexes: [-1, 2] }]);
    expect(segmentsOf("$[1:3]")).toEqual([{ kind: "range", start: 1, end: 3, step: 1 }]);
    expect(segmentsOf("$[:3]")).toEqual([{ kind: "range", start: undefined, end: 3, step: 1 }]);
    expect(segmentsOf("$[1:]")).toEqual([{ kind: "range", start: 1, end: undefined, step: 1 }]);
    expect(segmentsOf("$[::2]")).toEqual([
      { kind: "range", start: undefined, end: undefined, step: 2 },
    ]);
    expect(segmentsOf("$[-3:-1:2]")).toEqual([{ kind: "range", start: -3, end: -1, step: 2 }]);
  });

  test("filters: comparisons, literals, && before ||, negation and parentheses", ({ expect }) => {
    expect(segmentsOf('$[?(@.price < 10 && @.tag == "x")]')).toEqual([
      {
        kind: "filter",
        filter: {
          kind: "and",
          operands: [
            {
              kind: "compare",
              left: { kind: "current", path: [{ kind: "key", key: "price" }] },
              operator: "<",
              right: { kind: "integer", value: 10 },
            },
            {
              kind: "compare",
              left: { kind: "current", path: [{ kind: "key", key: "tag" }] },
              operator: "==",
              right: { kind: "string", value: "x" },
            },
          ],
        },
      },
    ]);
    const [filter] = segmentsOf("$[?@.a || !(@.b >= 1.5) && $.c =~ 'x' || @ != null]");
    expect(filter).toEqual({
      kind: "filter",
      filter: {
        kind: "or",
        operands: [
          { kind: "test", term: { kind: "current", path: [{ kind: "key", key: "a" }] } },
          {
            kind: "and",
            operands: [
              {
                kind: "not",
                operand: {
                  kind: "compare",
                  left: { kind: "current", path: [{ kind: "key", key: "b" }] },
                  operator: ">=",
                  right: { kind: "float", value: 1.5 },
                },
              },
              {
                kind: "compare",
                left: { kind: "root", path: [{ kind: "key", key: "c" }] },
                operator: "=~",
                right: { kind: "string", value: "x" },
              },
            ],
          },
          {
            kind: "compare",
            left: { kind: "current", path: undefined },
            operator: "!=",
            right: { kind: "null" },
          },
        ],
      },
    });
  });

  test("big integer literals stay exact; beyond i64 they are doubles", ({ expect }) => {
    const literal = (path: string) => {
      const [segment] = segmentsOf(path);
      return segment?.kind === "filter" && segment.filter.kind === "compare"
        ? segment.filter.right
        : undefined;
    };
    expect(literal("$[?(@==9223372036854775807)]")).toEqual({
      kind: "integer",
      value: 9223372036854775807n,
    });
    expect(literal("$[?(@==9223372036854775808)]")).toEqual({
      kind: "float",
      value: 2 ** 63,
    });
  });

  test("spaces may separate tokens (pest's implicit whitespace)", ({ expect }) => {
    expect(segmentsOf("$ . a [ 1 , 2 ]")).toEqual([
      { kind: "key", key: "a" },
      { kind: "indexes", indexes: [1, 2] },
    ]);
    // Even inside quotes, before the name: RedisJSON's grammar skips them there too.
    expect(segmentsOf("$[' a ']")).toEqual([{ kind: "keys", keys: ["a "] }]);
  });

  test("static paths (at most one match) are what JSON.SET may create through", ({ expect }) => {
    expect(compilePath("$.a['b'][0]").isStatic).toBe(true);
    expect(compilePath("$.a['b','c']").isStatic).toBe(false);
    expect(compilePath("$.a[0,1]").isStatic).toBe(false);
    expect(compilePath("$..a").isStatic).toBe(false);
    expect(compilePath("$.a[*]").isStatic).toBe(false);
    expect(compilePath("$.a[0:1]").isStatic).toBe(false);
  });

  test.for([
    // RedisJSON issue #948 shows this exact text.
    [
      "$.a[$]",
      `Error occurred on position 4, "$.a[ ---->>>> $]", expected one of the following: '<string>[,<string>,...]', '<number>', ['start:end:steps'], '*'.`,
    ],
    [
      "$.",
      `Error occurred on position 2, "$. <<<<----", expected one of the following: <string>, '*'.`,
    ],
    [
      "$..",
      `Error occurred on position 3, "$.. <<<<----", expected one of the following: <string>, '*'.`,
    ],
    [
      "$.a b",
      `Error occurred on position 4, "$.a  ---->>>> b", expected one of the following: EOI, '..'.`,
    ],
    [
      "$[01]",
      `Error occurred on position 2, "$[ ---->>>> 01]", expected one of the following: ['start:end:steps'].`,
    ],
    [
      "$.a[1:2:0]",
      `Error occurred on position 8, "$.a[1:2: ---->>>> 0]", expected one of the following: pos_number.`,
    ],
    [
      "$.a[?(@.x>)]",
      `Error occurred on position 10, "$.a[?(@.x> ---->>>> )]", expected one of the following: decimal, from_current, from_root, boolean_true, boolean_false, null.`,
    ],
    [
      "$.a[?(@.a == 'x' &&)]",
      `Error occurred on position 19, "$.a[?(@.a == 'x' && ---->>>> )]", expected one of the following: single_filter, negation.`,
    ],
    [
      "$x\ny",
      `Error occurred on position 2, "$x ---->>>>  y", expected one of the following: EOI, '..'.`,
    ],
  ] as const)("%j → %s", ([path, message], { expect }) => {
    expect(() => compilePath(path)).toThrow(new ReplyError(message));
    // Errors are cached too, and come back the same.
    expect(() => compilePath(path)).toThrow(new ReplyError(message));
  });

  fcTest.prop([fc.string({ unit: fc.constantFrom(..."$.[]*?@()'\"\\,:-0123456789ab &|!=<>~ ") })])(
    "any text compiles or fails with RedisJSON's error, never anything else",
    (path) => {
      try {
        compilePath(path);
      } catch (error: unknown) {
        if (
          !(error instanceof ReplyError) ||
          !error.reply.startsWith("Error occurred on position")
        ) {
          throw error;
        }
      }
    },
  );

  fcTest.prop([fc.string()])("arbitrary strings never crash the parser", (path) => {
    try {
      compilePath(path);
    } catch (error: unknown) {
      if (!(error instanceof ReplyError)) {
        throw error;
      }
    }
  });

  const name = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,5}$/);
  const segment = fc.oneof(
    name.map((key) => ({ text: `.${key}`, segment: { kind: "key", key } as Segment })),
    name.map((key) => ({ text: `['${key}']`, segment: { kind: "keys", keys: [key] } as Segment })),
    fc.integer({ min: -9, max: 9 }).map((index) => ({
      text: `[${index}]`,
      segment: { kind: "indexes", indexes: [index] } as Segment,
    })),
    fc.constant({ text: "[*]", segment: { kind: "all" } as Segment }),
  );

  fcTest.prop([fc.array(segment, { maxLength: 6 })])(
    "paths built from segments compile back to them",
    (parts) => {
      const compiled = compilePath(`$${parts.map((part) => part.text).join("")}`);
      if (JSON.stringify(compiled.segments) !== JSON.stringify(parts.map((part) => part.segment))) {
        throw new Error(`compiled to ${JSON.stringify(compiled.segments)}`);
      }
    },
  );
});
