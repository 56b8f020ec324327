import { describe, test } from "vitest";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

/** Runs a one-line script and returns its reply, or its error without the position suffix. */
function lua(script: string): Reply {
  const reply = createTestEngine().run("EVAL", script, "0");
  return reply.kind === "error"
    ? r.err(reply.message.replace(/ script: [0-9a-f]{40}, on @user_script:\d+\.$/, ""))
    : reply;
}

describe("cjson", () => {
  test.for([
    ["return cjson.encode({1,2,3,{a=1}})", r.bulk('[1,2,3,{"a":1}]')],
    ["return cjson.encode({[1]=1,[3]=3})", r.bulk("[1,null,3]")],
    ["return cjson.encode({})", r.bulk("{}")],
    ["return cjson.encode(1/3)", r.bulk("0.33333333333333")],
    [
      "return cjson.encode({1.0, 100, 1e15, 123456789012345678, -0.0, 0.1})",
      r.bulk("[1,100,1e+15,1.2345678901235e+17,-0,0.1]"),
    ],
    ["return cjson.encode({[1.5]=1})", r.bulk('{"1.5":1}')],
    ["return cjson.encode('a\"b\\\\c/\\n\\1\\127')", r.bulk('"a\\"b\\\\c\\/\\n\\u0001\\u007f"')],
    ["return cjson.encode(cjson.null)", r.bulk("null")],
    ["return cjson.encode({n=cjson.null})", r.bulk('{"n":null}')],
    ["return cjson.encode(nil)", r.bulk("null")],
    ["return cjson.encode(true)", r.bulk("true")],
    ["return cjson.encode({a={b={c={}}}})", r.bulk('{"a":{"b":{"c":{}}}}')],
    ["return cjson.encode('\\0\\255')", r.bulk('"\\u0000\u00ff"')],
  ] as const)("%s", ([script, expected], { expect }) => {
    expect(lua(script)).toEqual(expected);
  });

  test.for([
    [
      "return cjson.encode({[1]=1,[30]=3})",
      "ERR user_script:1: Cannot serialise table: excessively sparse array",
    ],
    [
      "return cjson.encode(0/0)",
      "ERR user_script:1: Cannot serialise number: must not be NaN or Inf",
    ],
    [
      "return cjson.encode(function() end)",
      "ERR user_script:1: Cannot serialise function: type not supported",
    ],
    [
      "return cjson.encode({[true]=1})",
      "ERR user_script:1: Cannot serialise boolean: table key must be a number or string",
    ],
    [
      "cjson.encode_max_depth(2) return cjson.encode({a={b={c={}}}})",
      "ERR user_script:1: Cannot serialise, excessive nesting (3)",
    ],
    [
      "return cjson.encode()",
      "ERR user_script:1: bad argument #1 to 'encode' (expected 1 argument)",
    ],
    [
      "return cjson.encode(1, 2)",
      "ERR user_script:1: bad argument #1 to 'encode' (expected 1 argument)",
    ],
  ] as const)("%s fails", ([script, error], { expect }) => {
    expect(lua(script)).toEqual(r.err(error));
  });

  test.for([
    [
      'local t = cjson.decode(\'{"a":[1,2,{"b":null}],"c":1.5e3}\'); return {t.a[1], t.a[3].b == cjson.null and 1 or 0, t.c}',
      r.arr(r.int(1), r.int(1), r.int(1500)),
    ],
    ["return cjson.decode('[NaN, Infinity, -Infinity, 0x10, 1E2]')[4]", r.int(16)],
    ["return tostring(cjson.decode('[NaN, Infinity]')[2])", r.bulk("inf")],
    ["return cjson.decode('\"\\\\u00e9\"')", r.bulk("\u00c3\u00a9")],
    ["return cjson.decode('\"\\\\ud83d\\\\ude00\"')", r.bulk("\u00f0\u009f\u0098\u0080")],
    ['return cjson.decode(\'{"a":1,"a":2}\').a', r.int(2)],
    ["return cjson.decode('01')", r.int(1)],
    ["return cjson.decode(' [ 1 , 2 ] ')[2]", r.int(2)],
    ["return cjson.decode(1)", r.int(1)],
    ["return cjson.decode('[1]\\0junk')[1]", r.int(1)],
    ["return tostring(cjson.decode('3.5') .. '')", r.bulk("3.5")],
    ["return cjson.decode('10') .. ''", r.bulk("10")],
    ["return tostring(cjson.null)", r.bulk("userdata: (nil)")],
    ["return type(cjson.null)", r.bulk("userdata")],
  ] as const)("%s", ([script, expected], { expect }) => {
    expect(lua(script)).toEqual(expected);
  });

  test.for([
    ["return cjson.decode('[1,2')", "Expected comma or array end but found T_END at character 5"],
    [
      "return cjson.decode('{\"a\":1} x')",
      "Expected the end but found invalid token at character 9",
    ],
    [
      "return cjson.decode('\"\\\\ud83d\"')",
      "Expected value but found invalid unicode escape code at character 2",
    ],
    ["return cjson.decode('')", "Expected value but found T_END at character 1"],
    [
      "return cjson.decode('{1:2}')",
      "Expected object key string but found T_NUMBER at character 2",
    ],
    ["return cjson.decode('[1,]')", "Expected value but found T_ARR_END at character 4"],
    ["return cjson.decode('tru')", "Expected value but found invalid token at character 1"],
    [
      "return cjson.decode('\"abc')",
      "Expected value but found unexpected end of string at character 5",
    ],
    [
      "return cjson.decode('\"a\\\\x\"')",
      "Expected value but found invalid escape code at character 3",
    ],
    ["return cjson.decode('-')", "Expected value but found invalid number at character 1"],
    ["return cjson.decode('{\"a\" 1}')", "Expected colon but found T_NUMBER at character 6"],
    [
      "cjson.decode_max_depth(2) return cjson.decode('[[[1]]]')",
      "Found too many nested data structures (3) at character 3",
    ],
    ["return cjson.decode()", "bad argument #1 to 'decode' (expected 1 argument)"],
  ] as const)("%s fails", ([script, error], { expect }) => {
    expect(lua(script)).toEqual(r.err(`ERR user_script:1: ${error}`));
  });

  test("configuration functions answer the current settings", ({ expect }) => {
    expect(
      lua(
        "return {cjson.encode_max_depth(), cjson.decode_max_depth(), cjson.encode_number_precision(), tostring(cjson.encode_keep_buffer()), tostring(cjson.encode_invalid_numbers()), tostring(cjson.decode_invalid_numbers()), cjson._VERSION, cjson._NAME}",
      ),
    ).toEqual(
      r.arr(
        r.int(1000),
        r.int(1000),
        r.int(14),
        r.bulk("true"),
        r.bulk("false"),
        r.bulk("true"),
        r.bulk("2.1.0"),
        r.bulk("cjson"),
      ),
    );
    expect(lua("local a, b, c = cjson.encode_sparse_array(); return {tostring(a), b, c}")).toEqual(
      r.arr(r.bulk("false"), r.int(2), r.int(10)),
    );
    expect(lua("cjson.encode_number_precision(3) return cjson.encode(1/3)")).toEqual(
      r.bulk("0.333"),
    );
    expect(lua("cjson.encode_invalid_numbers('null') return cjson.encode({1/0})")).toEqual(
      r.bulk("[null]"),
    );
    expect(lua("cjson.encode_invalid_numbers(true) return cjson.encode({1/0, 0/0})")).toEqual(
      r.bulk("[inf,nan]"),
    );
    expect(
      lua("cjson.encode_sparse_array(true) return cjson.encode({[1]=1,[30]=3})"),
    ).toMatchObject({ kind: "bulk" });
    expect(lua("cjson.decode_invalid_numbers(false) return cjson.decode('0x10')")).toEqual(
      r.err("ERR user_script:1: Expected value but found invalid number at character 1"),
    );
    expect(lua("return cjson.encode_number_precision(15)")).toEqual(
      r.err(
        "ERR user_script:1: bad argument #1 to 'encode_number_precision' (expected integer between 1 and 14)",
      ),
    );
    expect(lua("return cjson.encode_keep_buffer('maybe')")).toEqual(
      r.err("ERR user_script:1: bad argument #1 to 'encode_keep_buffer' (invalid option 'maybe')"),
    );
  });

  test("cjson.new() gives an independent instance", ({ expect }) => {
    expect(
      lua(
        "local j = cjson.new() j.encode_number_precision(2) return {j.encode(1/3), cjson.encode(1/3)}",
      ),
    ).toEqual(r.bulks("0.33", "0.33333333333333"));
  });

  test("decode_array_with_array_mt (Redis 8.2) keeps empty arrays as arrays", ({ expect }) => {
    expect(lua("return cjson.encode(cjson.decode('{\"a\":[]}'))")).toEqual(r.bulk('{"a":{}}'));
    expect(
      lua("cjson.decode_array_with_array_mt(true) return cjson.encode(cjson.decode('{\"a\":[]}'))"),
    ).toEqual(r.bulk('{"a":[]}'));
    expect(
      lua(
        "cjson.decode_array_with_array_mt(true) local t = cjson.decode('[]') getmetatable(t).__is_cjson_array = false",
      ),
    ).toEqual(r.err("ERR user_script:1: Attempt to modify a readonly table"));
  });
});
