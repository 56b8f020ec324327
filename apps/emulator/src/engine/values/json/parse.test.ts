import { strictEqual } from "node:assert";
import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { DUMP_CODECS } from "../../dump/index.ts";
import { dumpValue, restoreValue } from "../../dump-format.ts";
import { reply } from "../../reply.ts";
import { formatJsonFloat, stringifyJson } from "./format.ts";
import { mergePatch } from "./locations.ts";
import { jsonMemoryUsage } from "./memory.ts";
import { applyNumericOperation } from "./numbers.ts";
import { JsonSyntaxError, parseJson } from "./parse.ts";
import { jsonToResp } from "./replies.ts";
import {
  JsonDocument,
  JsonFloat,
  JsonObject,
  jsonLooseEqual,
  jsonStrictEqual,
  jsonTypeName,
} from "./value.ts";

const roundTrip = (text: string): string => stringifyJson(parseJson(text));

describe("parseJson / stringifyJson", () => {
  test.for([
    ["null", "null"],
    ["true", "true"],
    [' { "a" : [ 1 , 2.5 , "x" ] } ', '{"a":[1,2.5,"x"]}'],
    // Integers and floats stay apart, as ijson keeps them.
    ["1", "1"],
    ["1.0", "1.0"],
    ["1e2", "100.0"],
    ["-0", "0"],
    ["-0.0", "-0.0"],
    // serde_json's integer range is i64 and u64; beyond it numbers are floats.
    ["9007199254740993", "9007199254740993"],
    ["-9223372036854775808", "-9223372036854775808"],
    ["18446744073709551615", "18446744073709551615"],
    ["18446744073709551616", "1.8446744073709552e19"],
    ["-9223372036854775809", "-9.223372036854776e18"],
    // Escapes are decoded and written back the way serde_json writes them.
    ['"a\\u0041\\n\\/\\u00e9\\ud83d\\ude00"', '"aA\\n/é😀"'],
    ['"\\u001f\\u007f"', '"\\u001f\u007f"'],
    // Duplicate members keep the first position and the last value.
    ['{"a":1,"b":2,"a":3}', '{"a":3,"b":2}'],
  ] as const)("%s → %s", ([input, output], { expect }) => {
    expect(roundTrip(input)).toBe(output);
  });

  test("text after the value is ignored unless rejected", ({ expect }) => {
    expect(stringifyJson(parseJson("1 x"))).toBe("1");
    expect(() => parseJson("1 x", { rejectTrailing: true })).toThrow(
      "trailing characters at line 1 column 3",
    );
  });

  test.for([
    ["", "EOF while parsing a value at line 1 column 0"],
    ["   ", "EOF while parsing a value at line 1 column 3"],
    ["abc", "expected value at line 1 column 1"],
    ["foo", "expected ident at line 1 column 2"],
    ["tru", "EOF while parsing a value at line 1 column 3"],
    ["01", "invalid number at line 1 column 2"],
    ["-", "EOF while parsing a value at line 1 column 1"],
    ["-a", "invalid number at line 1 column 2"],
    ["1.", "EOF while parsing a value at line 1 column 2"],
    ["1.x", "invalid number at line 1 column 3"],
    ["1e", "EOF while parsing a value at line 1 column 2"],
    ["1e+x", "invalid number at line 1 column 4"],
    ["1e400", "number out of range at line 1 column 5"],
    ['"abc', "EOF while parsing a string at line 1 column 4"],
    [
      '"a\tb"',
      "control character (\\u0000-\\u001F) found while parsing a string at line 1 column 3",
    ],
    ['"\\x"', "invalid escape at line 1 column 3"],
    ['"\\u12"', "EOF while parsing a string at line 1 column 6"],
    ['"\\uzzzz"', "invalid escape at line 1 column 7"],
    ['"\\udc00"', "lone leading surrogate in hex escape at line 1 column 7"],
    ['"\\ud800x"', "unexpected end of hex escape at line 1 column 8"],
    ["[1 2]", "expected `,` or `]` at line 1 column 4"],
    ["[1,]", "trailing comma at line 1 column 4"],
    ["[1,", "EOF while parsing a value at line 1 column 3"],
    ["[", "EOF while parsing a list at line 1 column 1"],
    ["{", "EOF while parsing an object at line 1 column 1"],
    ["{1:2}", "key must be a string at line 1 column 2"],
    ['{"a" 1}', "expected `:` at line 1 column 6"],
    ['{"a"', "EOF while parsing an object at line 1 column 4"],
    ['{"a":1,}', "trailing comma at line 1 column 8"],
    ['{"a":1 "b":2}', "expected `,` or `}` at line 1 column 8"],
    ["[\n1\n,\n]", "trailing comma at line 4 column 1"],
  ] as const)("%j → %s", ([input, message], { expect }) => {
    expect(() => parseJson(input)).toThrow(new JsonSyntaxError(message));
  });

  test("positions count bytes, as serde_json does", ({ expect }) => {
    // "é" is two UTF-8 bytes.
    expect(() => parseJson('["\u00c3\u00a9" x]')).toThrow("expected `,` or `]` at line 1 column 7");
  });

  test("containers nest 127 deep; the 128th is refused at its bracket", ({ expect }) => {
    expect(() => parseJson(`${"[".repeat(127)}${"]".repeat(127)}`)).not.toThrow();
    expect(() => parseJson(`${"[".repeat(128)}${"]".repeat(128)}`)).toThrow(
      "recursion limit exceeded at line 1 column 128",
    );
    expect(() => parseJson("[".repeat(200), { limitDepth: false })).toThrow("EOF while parsing");
  });

  fcTest.prop([fc.jsonValue()])("compact output reads back as the same value", (value) => {
    const utf8 = (text: string): string => Buffer.from(text, "utf8").toString("latin1");
    const once = stringifyJson(parseJson(utf8(JSON.stringify(value))));
    strictEqual(stringifyJson(parseJson(utf8(once))), once);
  });
});

describe("formatJsonFloat (ryu)", () => {
  test.for([
    [0, "0.0"],
    [1, "1.0"],
    [1.5, "1.5"],
    [0.1, "0.1"],
    [123.456, "123.456"],
    [1e15, "1000000000000000.0"],
    [1e16, "1e16"],
    [1.5e16, "1.5e16"],
    [0.0001, "0.0001"],
    [0.00001, "0.00001"],
    [0.000001, "1e-6"],
    [1.5e-7, "1.5e-7"],
    [-2.5, "-2.5"],
    [Number.MAX_VALUE, "1.7976931348623157e308"],
    [5e-324, "5e-324"],
  ] as const)("%d → %s", ([value, text], { expect }) => {
    expect(formatJsonFloat(value)).toBe(text);
  });
});

describe("formatting (INDENT / NEWLINE / SPACE)", () => {
  const value = parseJson('[{"a":1,"b":[]},{}]');

  test("each option alone, as RedisJSON's formatter tests show", ({ expect }) => {
    expect(stringifyJson(value, { indent: "_" })).toBe('[_{__"a":1,__"b":[]_},_{}]');
    expect(stringifyJson(value, { space: "s" })).toBe('[{"a":s1,"b":s[]},{}]');
    expect(stringifyJson(value, { newline: "n" })).toBe('[n{n"a":1,n"b":[]n},n{}n]');
  });

  test("pretty printing", ({ expect }) => {
    expect(stringifyJson(value, { indent: "  ", newline: "\n", space: " " })).toBe(
      '[\n  {\n    "a": 1,\n    "b": []\n  },\n  {}\n]',
    );
  });
});

describe("JsonObject", () => {
  test("a delete moves the last member into the hole (ijson's swap-remove)", ({ expect }) => {
    const object = parseJson('{"a":1,"b":2,"c":3,"d":4}') as JsonObject;
    expect(object.delete("a")).toBe(true);
    expect(object.delete("x")).toBe(false);
    expect(object.keys).toEqual(["d", "b", "c"]);
    object.set("e", 5);
    expect(stringifyJson(object)).toBe('{"d":4,"b":2,"c":3,"e":5}');
  });

  test("large objects keep their index in step", ({ expect }) => {
    const object = new JsonObject();
    for (let i = 0; i < 20; i++) {
      object.set(`k${i}`, i);
    }
    object.delete("k3");
    object.delete("k19");
    expect(object.get("k18")).toBe(18);
    expect(object.indexOf("k18")).toBe(3);
    expect(object.has("k3")).toBe(false);
    expect(object.size).toBe(18);
  });
});

describe("types and equality", () => {
  test("JSON.TYPE names", ({ expect }) => {
    const names = (parseJson('[null,true,1,1.0,"s",[],{},18446744073709551615]') as never[]).map(
      jsonTypeName,
    );
    expect(names).toEqual([
      "null",
      "boolean",
      "integer",
      "number",
      "string",
      "array",
      "object",
      "integer",
    ]);
  });

  test("ARRINDEX keeps integers and floats apart; filters compare numbers by value", ({
    expect,
  }) => {
    expect(jsonStrictEqual(1, new JsonFloat(1))).toBe(false);
    expect(jsonStrictEqual(parseJson('{"a":[1]}'), parseJson('{"a":[1]}'))).toBe(true);
    expect(jsonLooseEqual(1, new JsonFloat(1))).toBe(true);
    expect(jsonLooseEqual(parseJson('{"a":1,"b":2}'), parseJson('{"b":2,"a":1.0}'))).toBe(true);
    expect(jsonLooseEqual("1", 1)).toBe(false);
  });
});

describe("applyNumericOperation", () => {
  test("integer arithmetic wraps around i64 like Rust's wrapping_add / wrapping_mul", ({
    expect,
  }) => {
    expect(applyNumericOperation(2, 3, "incr")).toBe(5);
    expect(applyNumericOperation(9223372036854775807n, 1, "incr")).toBe(-9223372036854775808n);
    expect(applyNumericOperation(4611686018427387904n, 2, "mult")).toBe(-9223372036854775808n);
    expect(applyNumericOperation(2 ** 52, 4, "mult")).toBe(18014398509481984n);
  });

  test("a float on either side gives a float; infinity is refused", ({ expect }) => {
    expect(applyNumericOperation(2, new JsonFloat(0.5), "incr")).toEqual(new JsonFloat(2.5));
    expect(applyNumericOperation(new JsonFloat(1.5), 2, "mult")).toEqual(new JsonFloat(3));
    expect(() => applyNumericOperation(new JsonFloat(1e308), 10, "mult")).toThrow(
      "result is not a number",
    );
  });
});

describe("mergePatch (RFC 7396)", () => {
  test.for([
    ['{"a":"b"}', '{"a":"c"}', '{"a":"c"}'],
    ['{"a":"b"}', '{"b":"c"}', '{"a":"b","b":"c"}'],
    ['{"a":"b"}', '{"a":null}', "{}"],
    ['{"a":"b","b":"c"}', '{"a":null}', '{"b":"c"}'],
    ['{"a":["b"]}', '{"a":"c"}', '{"a":"c"}'],
    ['{"a":"c"}', '{"a":["b"]}', '{"a":["b"]}'],
    ['{"a":{"b":"c"}}', '{"a":{"b":"d","c":null}}', '{"a":{"b":"d"}}'],
    ['{"a":[{"b":"c"}]}', '{"a":[1]}', '{"a":[1]}'],
    ['["a","b"]', '["c","d"]', '["c","d"]'],
    ['{"a":"b"}', '["c"]', '["c"]'],
    ['{"a":"foo"}', "null", "null"],
    ['{"e":null}', '{"a":1}', '{"e":null,"a":1}'],
    ["[1,2]", '{"a":"b","c":null}', '{"a":"b"}'],
    ["{}", '{"a":{"bb":{"ccc":null}}}', '{"a":{"bb":{}}}'],
  ] as const)("%s + %s → %s", ([target, patch, result], { expect }) => {
    expect(stringifyJson(mergePatch(parseJson(target), parseJson(patch)))).toBe(result);
  });
});

describe("jsonToResp", () => {
  test("JSON.RESP's mapping", ({ expect }) => {
    expect(jsonToResp(parseJson('{"a":[null,true,1,1.5,"x"]}'))).toEqual(
      reply.array([
        reply.simple("{"),
        reply.bulk("a"),
        reply.array([
          reply.simple("["),
          reply.null(),
          reply.simple("true"),
          reply.integer(1),
          reply.bulk("1.5"),
          reply.bulk("x"),
        ]),
      ]),
    );
  });
});

describe("jsonMemoryUsage", () => {
  test.for([
    ["null", 8],
    ["true", 8],
    ["383", 8],
    ["384", 12],
    ["8388607", 12],
    ["8388608", 24],
    ["1.5", 24],
    ['"abc"', 11],
    ["[]", 8],
    ["{}", 8],
    ["[1,2]", 8 + 8 * 4 + 16],
    ['{"ab":1}', 8 + 8 * 5 + 2 + 8],
  ] as const)("%s → %d bytes", ([text, size], { expect }) => {
    expect(jsonMemoryUsage(parseJson(text))).toBe(size);
  });
});

describe("JsonDocument", () => {
  test("is never empty, encodes as raw, and clones deeply", ({ expect }) => {
    const document = new JsonDocument(parseJson('{"a":[1]}'));
    const copy = document.clone();
    ((copy.root as JsonObject).get("a") as number[]).push(2);
    expect(stringifyJson(document.root)).toBe('{"a":[1]}');
    expect(document.isEmpty()).toBe(false);
    expect(document.encoding()).toBe("raw");
    expect(document.type).toBe("ReJSON-RL");
  });

  test("DUMP / RESTORE round-trips as a ReJSON-RL module value", ({ expect }) => {
    const document = new JsonDocument(parseJson('{"a":[1,1.0,"é",{"b":null}]}'));
    const payload = dumpValue(document, { codecs: DUMP_CODECS });
    expect(payload?.charCodeAt(0)).toBe(7);
    const restored = restoreValue(payload as string, { codecs: DUMP_CODECS });
    expect(restored.ok && stringifyJson((restored.value as JsonDocument).root)).toBe(
      stringifyJson(document.root),
    );
  });
});
