import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.NUMINCRBY", () => {
  test("redis.io example (nested matches first, as the service lists them)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", ".", '{"a":"b","b":[{"a":2}, {"a":5}, {"a":"c"}]}');
    expect(run("JSON.NUMINCRBY", "doc", "$.a", "2")).toEqual(r.bulk("[null]"));
    // RedisJSON documents "[null,4,7,null]".
    expect(run("JSON.NUMINCRBY", "doc", "$..a", "2")).toEqual(r.bulk("[4,7,null,null]"));
  });

  test("integers stay integers with an integer operand; floats otherwise", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"i":1,"f":1.5,"big":9223372036854775807}');
    expect(run("JSON.NUMINCRBY", "doc", "$.i", "2")).toEqual(r.bulk("[3]"));
    expect(run("JSON.NUMINCRBY", "doc", "$.i", "1.0")).toEqual(r.bulk("[4.0]"));
    expect(run("JSON.TYPE", "doc", "$.i")).toEqual(r.bulks("number"));
    expect(run("JSON.NUMINCRBY", "doc", "$.f", "0.5")).toEqual(r.bulk("[2.0]"));
    expect(run("JSON.NUMINCRBY", "doc", "$.f", "1e20")).toEqual(r.bulk("[1e20]"));
    // i64 arithmetic wraps around, as RedisJSON's wrapping_add does.
    expect(run("JSON.NUMINCRBY", "doc", "$.big", "1")).toEqual(r.bulk("[-9223372036854775808]"));
  });

  test("legacy paths answer the last new value", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":1,"b":{"a":2.5}}');
    expect(run("JSON.NUMINCRBY", "doc", ".a", "1")).toEqual(r.bulk("2"));
    expect(run("JSON.NUMINCRBY", "doc", "..a", "1")).toEqual(r.bulk("3"));
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('{"a":3,"b":{"a":3.5}}'));
    expect(run("JSON.NUMINCRBY", "doc", ".b", "1")).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND_OR("$.b", "does not contains a number")),
    );
  });

  test("a path selected twice is updated twice", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", "[1]");
    expect(run("JSON.NUMINCRBY", "doc", "$[0,0]", "1")).toEqual(r.bulk("[2,3]"));
  });

  test("errors leave the document unchanged", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", "[1,1.0e308]");
    expect(run("JSON.NUMINCRBY", "doc", "$[*]", "1.0e308")).toEqual(
      r.err(ERR.JSON_RESULT_NOT_A_NUMBER),
    );
    expect(run("JSON.GET", "doc")).toEqual(r.bulk("[1,1e308]"));
    expect(run("JSON.NUMINCRBY", "doc", "$[*]", '"1"')).toEqual(r.err(ERR.JSON_BAD_INPUT_NUMBER));
    expect(run("JSON.NUMINCRBY", "doc", "$[*]", "x")).toEqual(
      r.err("ERR expected value at line 1 column 1"),
    );
    // The operand is only read once a number is found.
    expect(run("JSON.NUMINCRBY", "doc", "$.x", "x")).toEqual(r.bulk("[]"));
  });

  test("missing key, wrong type, arity", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.NUMINCRBY", "nope", "$", "1")).toEqual(r.err(ERR.JSON_NO_SUCH_KEY));
    run("SET", "s", "v");
    expect(run("JSON.NUMINCRBY", "s", "$", "1")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("JSON.NUMINCRBY", "s", "$")).toEqual(r.err(ERR.WRONG_ARITY("json.numincrby")));
  });
});
