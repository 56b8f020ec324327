import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.STRAPPEND", () => {
  test("redis.io example", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":"foo", "nested": {"a": "hello"}, "nested2": {"a": 31}}');
    // RedisJSON documents 6, 8, nil; the service lists nested matches first.
    expect(run("JSON.STRAPPEND", "doc", "$..a", '"baz"')).toEqual(r.arr(r.int(8), r.nil, r.int(6)));
    expect(run("JSON.GET", "doc", "$")).toEqual(
      r.bulk('[{"a":"foobaz","nested":{"a":"hellobaz"},"nested2":{"a":31}}]'),
    );
  });

  test("without a path, the root; a legacy path answers the last length", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '"ab"');
    expect(run("JSON.STRAPPEND", "doc", '"c"')).toEqual(r.int(3));
    run("JSON.SET", "doc", "$", '{"a":"x","b":{"a":"yy"}}');
    expect(run("JSON.STRAPPEND", "doc", "..a", '"!"')).toEqual(r.int(2));
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('{"a":"x!","b":{"a":"yy!"}}'));
    expect(run("JSON.STRAPPEND", "doc", ".b", '"!"')).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND_OR("$.b", "not a string")),
    );
  });

  test("the value must be a JSON string, read only once a string is found", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":"x","n":1}');
    expect(run("JSON.STRAPPEND", "doc", "$.a", "42")).toEqual(
      r.err("WRONGTYPE wrong type of path value - expected string but found 42"),
    );
    expect(run("JSON.STRAPPEND", "doc", "$.a", "baz")).toEqual(
      r.err("ERR expected value at line 1 column 1"),
    );
    expect(run("JSON.STRAPPEND", "doc", "$.a", '"b" "c"')).toEqual(
      r.err("ERR trailing characters at line 1 column 5"),
    );
    expect(run("JSON.STRAPPEND", "doc", "$.n", "baz")).toEqual(r.arr(r.nil));
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('{"a":"x","n":1}'));
  });

  test("missing key, wrong type, arity", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.STRAPPEND", "nope", '"a"')).toEqual(r.err(ERR.JSON_NO_SUCH_KEY));
    run("SET", "s", "v");
    expect(run("JSON.STRAPPEND", "s", '"a"')).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("JSON.STRAPPEND", "s")).toEqual(r.err(ERR.WRONG_ARITY("json.strappend")));
  });
});
