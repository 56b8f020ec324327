import { describe, test } from "vitest";
import { FilterSyntaxError } from "./errors.ts";
import { parseFilter } from "./parser.ts";

const errorOf = (text: string): string => {
  try {
    parseFilter(text);
  } catch (error) {
    if (error instanceof FilterSyntaxError) {
      return error.message;
    }
    throw error;
  }
  throw new Error(`expected ${text} to fail`);
};

describe("parseFilter", () => {
  test("the empty filter matches everything", ({ expect }) => {
    expect(parseFilter("")).toEqual({ kind: "all" });
    expect(parseFilter("  \n\t ")).toEqual({ kind: "all" });
  });

  test("comparisons, literals and paths", ({ expect }) => {
    expect(parseFilter("population >= 1000000")).toEqual({
      kind: "compare",
      path: { text: "population", segments: [{ kind: "key", key: "population" }] },
      operator: ">=",
      value: 1000000,
    });
    expect(parseFilter("geo.coords.lat = -41.0082")).toMatchObject({
      path: {
        segments: [
          { kind: "key", key: "geo" },
          { kind: "key", key: "coords" },
          { kind: "key", key: "lat" },
        ],
      },
      value: -41.0082,
    });
    expect(parseFilter("tags[0] != 'a'")).toMatchObject({
      operator: "!=",
      path: {
        segments: [
          { kind: "key", key: "tags" },
          { kind: "index", index: 0 },
        ],
      },
    });
    expect(parseFilter("a.b[#-1].c[2] < 3")).toMatchObject({
      path: {
        segments: [
          { kind: "key", key: "a" },
          { kind: "key", key: "b" },
          { kind: "fromEnd", offset: 1 },
          { kind: "key", key: "c" },
          { kind: "index", index: 2 },
        ],
      },
    });
    expect(parseFilter("ok = TRUE")).toMatchObject({ value: true });
    expect(parseFilter("ok = false")).toMatchObject({ value: false });
    expect(parseFilter("n <= 0")).toMatchObject({ operator: "<=", value: 0 });
    expect(parseFilter("n > 2.5")).toMatchObject({ operator: ">", value: 2.5 });
    expect(parseFilter("n < -7")).toMatchObject({ operator: "<", value: -7 });
  });

  test("strings in either quote, with the other quote inside and escapes", ({ expect }) => {
    expect(parseFilter(`name = "City's Name"`)).toMatchObject({ value: "City's Name" });
    expect(parseFilter(`d = 'Contains "quotes"'`)).toMatchObject({ value: 'Contains "quotes"' });
    expect(parseFilter(`d = 'it\\'s'`)).toMatchObject({ value: "it's" });
    expect(parseFilter(`d = "say \\"hi\\""`)).toMatchObject({ value: 'say "hi"' });
    expect(parseFilter(`d = 'a\\\\b'`)).toMatchObject({ value: "a\\b" });
    // Other escapes stay as written, so GLOB sees its own `\*`.
    expect(parseFilter(`d GLOB 'a\\*'`)).toMatchObject({ pattern: "a\\*" });
  });

  test("every operator form", ({ expect }) => {
    expect(parseFilter("c IN ('a', 1, true)")).toMatchObject({
      kind: "in",
      negated: false,
      values: ["a", 1, true],
    });
    expect(parseFilter("c not in (2)")).toMatchObject({ kind: "in", negated: true, values: [2] });
    expect(parseFilter("t CONTAINS 'x'")).toMatchObject({ kind: "contains", negated: false });
    expect(parseFilter("t NOT CONTAINS 3")).toMatchObject({ kind: "contains", negated: true });
    expect(parseFilter("s GLOB 'A*'")).toMatchObject({ kind: "glob", negated: false });
    expect(parseFilter("s NOT GLOB '[^a]?'")).toMatchObject({
      kind: "glob",
      negated: true,
      pattern: "[^a]?",
    });
    expect(parseFilter("HAS FIELD a.b")).toMatchObject({ kind: "hasField", negated: false });
    expect(parseFilter("has not field a")).toMatchObject({ kind: "hasField", negated: true });
  });

  test("AND binds tighter than OR; parentheses group", ({ expect }) => {
    const a = { kind: "compare", value: 1 };
    const b = { kind: "compare", value: 2 };
    const c = { kind: "compare", value: 3 };
    expect(parseFilter("x = 1 OR x = 2 AND x = 3")).toMatchObject({
      kind: "or",
      operands: [a, { kind: "and", operands: [b, c] }],
    });
    expect(parseFilter("x = 1 and x = 2 or x = 3")).toMatchObject({
      kind: "or",
      operands: [{ kind: "and", operands: [a, b] }, c],
    });
    expect(parseFilter("(x = 1 OR x = 2) AND x = 3")).toMatchObject({
      kind: "and",
      operands: [{ kind: "or", operands: [a, b] }, c],
    });
    expect(parseFilter("((x = 1))")).toMatchObject(a);
  });

  test("keywords are case-insensitive; a longer word is an identifier", ({ expect }) => {
    expect(parseFilter("android = 1 AnD orbit = 2 oR inner = 3")).toMatchObject({
      kind: "or",
      operands: [
        { kind: "and", operands: [{ path: { text: "android" } }, { path: { text: "orbit" } }] },
        { path: { text: "inner" } },
      ],
    });
    expect(parseFilter("s gLoB 'x'")).toMatchObject({ kind: "glob" });
  });

  test("`industries#-1]` is a valid identifier (§3.3)", ({ expect }) => {
    expect(parseFilter("industries#-1] = 'x'")).toMatchObject({
      path: { segments: [{ kind: "key", key: "industries#-1]" }] },
    });
  });

  test("token recognition errors carry line and 0-based column (§3.3)", ({ expect }) => {
    // The message observed from the service for a JSON object pasted into a filter.
    expect(errorOf(`user_id = "u" AND age = [object Object]`)).toBe(
      "Invalid filter. At line 1:24 token recognition error at: '['",
    );
    expect(errorOf("category IN ['Bras', 'Shapewear'] AND in_stock = true")).toBe(
      "Invalid filter. At line 1:12 token recognition error at: '['",
    );
    expect(errorOf(".invalidPath = 1")).toBe(
      "Invalid filter. At line 1:0 token recognition error at: '.'",
    );
    expect(errorOf("a = 1 AND\n  b !x 2")).toBe(
      "Invalid filter. At line 2:4 token recognition error at: '!x'",
    );
    expect(errorOf("a = 'abc")).toBe(
      "Invalid filter. At line 1:4 token recognition error at: ''abc'",
    );
    expect(errorOf("a = 1 & b = 2")).toBe(
      "Invalid filter. At line 1:6 token recognition error at: '&'",
    );
  });

  test("parser errors read like ANTLR's", ({ expect }) => {
    expect(errorOf("a = ")).toBe(
      "Invalid filter. At line 1:4 mismatched input '<EOF>' expecting {TRUE, FALSE, STRING, NUMBER}",
    );
    expect(errorOf("a = 1 AND")).toBe(
      "Invalid filter. At line 1:9 mismatched input '<EOF>' expecting {'(', HAS, IDENTIFIER}",
    );
    expect(errorOf("(a = 1")).toBe(
      "Invalid filter. At line 1:6 mismatched input '<EOF>' expecting {')', AND, OR}",
    );
    // A stray last token is "extraneous" (ANTLR's single-token deletion), otherwise "mismatched".
    expect(errorOf("a = 1 b")).toBe(
      "Invalid filter. At line 1:6 extraneous input 'b' expecting {<EOF>, AND, OR}",
    );
    expect(errorOf("a = 1 b c")).toBe(
      "Invalid filter. At line 1:6 mismatched input 'b' expecting {<EOF>, AND, OR}",
    );
    expect(errorOf("a b = 1")).toBe(
      "Invalid filter. At line 1:2 mismatched input 'b' expecting {'=', '!=', '<', '<=', '>', '>=', NOT, IN, CONTAINS, GLOB}",
    );
    expect(errorOf("a IN 1, 2)")).toBe(
      "Invalid filter. At line 1:5 mismatched input '1' expecting '('",
    );
    expect(errorOf("a IN (1 2)")).toBe(
      "Invalid filter. At line 1:8 extraneous input '2' expecting {')', ','}",
    );
    expect(errorOf("a GLOB 5")).toBe(
      "Invalid filter. At line 1:7 mismatched input '5' expecting STRING",
    );
    expect(errorOf("HAS a")).toBe(
      "Invalid filter. At line 1:4 mismatched input 'a' expecting {NOT, FIELD}",
    );
    expect(errorOf("a NOT = 1")).toBe(
      "Invalid filter. At line 1:6 mismatched input '=' expecting {IN, CONTAINS, GLOB}",
    );
    // No exponent form (§3.1): `1e5` lexes as `1` then the identifier `e5`.
    expect(errorOf("a > 1e5")).toBe(
      "Invalid filter. At line 1:5 extraneous input 'e5' expecting {<EOF>, AND, OR}",
    );
    // No NOT over a group, no null literal (§3.1).
    expect(errorOf("NOT (a = 1)")).toMatch(/^Invalid filter\. At line 1:0 mismatched input 'NOT'/);
    expect(errorOf("a = null")).toMatch(/^Invalid filter\. At line 1:4 mismatched input 'null'/);
  });

  test("the earlier of a lexer and a parser error is reported", ({ expect }) => {
    expect(errorOf("a = = 1 [")).toBe(
      "Invalid filter. At line 1:4 extraneous input '=' expecting {TRUE, FALSE, STRING, NUMBER}",
    );
    expect(errorOf("a = b [")).toBe(
      "Invalid filter. At line 1:4 mismatched input 'b' expecting {TRUE, FALSE, STRING, NUMBER}",
    );
    expect(errorOf("a = [1]")).toBe("Invalid filter. At line 1:4 token recognition error at: '['");
  });

  test("malformed array paths are errors (§3.3)", ({ expect }) => {
    expect(errorOf("industries[] = 'x'")).toMatch(/^Invalid filter\. At line 1:0 /);
    expect(errorOf("industries[ = 'x'")).toMatch(/^Invalid filter\. At line 1:0 /);
    expect(errorOf("a..b = 1")).toMatch(/^Invalid filter\. At line 1:0 /);
    expect(errorOf("a. = 1")).toMatch(/^Invalid filter\. At line 1:0 /);
    expect(errorOf("a[0]b = 1")).toMatch(/^Invalid filter\. At line 1:0 /);
    expect(errorOf("a[-1] = 1")).toMatch(/^Invalid filter\. At line 1:0 /);
    expect(errorOf("x = 1 OR a[x] = 1")).toMatch(/^Invalid filter\. At line 1:9 /);
  });

  test("deep nesting is a syntax error, not a stack overflow", ({ expect }) => {
    const nested = (depth: number): string => `${"(".repeat(depth)}a = 1${")".repeat(depth)}`;
    expect(parseFilter(nested(100))).toMatchObject({ kind: "compare" });
    expect(errorOf(nested(101))).toBe(
      "Invalid filter. At line 1:100 parentheses nested deeper than 100 levels",
    );
    expect(errorOf("(".repeat(100_000))).toMatch(/^Invalid filter\. At line 1:100 /);
  });

  test("long AND/OR chains parse without recursion limits", ({ expect }) => {
    const chain = Array.from({ length: 20_000 }, (_, i) => `a${i} = ${i}`).join(" AND ");
    expect(parseFilter(chain)).toMatchObject({ kind: "and" });
  });

  test("IN lists are bounded (§2.15)", ({ expect }) => {
    const list = (n: number): string => Array.from({ length: n }, (_, i) => i).join(",");
    expect(parseFilter(`a IN (${list(999)})`)).toMatchObject({ kind: "in" });
    expect(errorOf(`a IN (${list(1000)})`)).toMatch(
      /^Invalid filter\. At line 1:2 too many values/,
    );
  });
});
