import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.STRLEN", () => {
  test("redis.io example", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":"foo", "nested": {"a": "hello"}, "nested2": {"a": 31}}');
    // RedisJSON documents 3, 5, nil; the service lists nested matches first.
    expect(run("JSON.STRLEN", "doc", "$..a")).toEqual(r.arr(r.int(5), r.nil, r.int(3)));
  });

  test("lengths are in bytes", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '"\\u00e9\\ud83d\\ude00"');
    expect(run("JSON.STRLEN", "doc")).toEqual(r.int(6));
  });

  test("legacy paths: first match, errors when missing or not a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":"foo","n":1}');
    expect(run("JSON.STRLEN", "doc", ".a")).toEqual(r.int(3));
    expect(run("JSON.STRLEN", "doc", ".x")).toEqual(r.err(ERR.JSON_PATH_NOT_FOUND("$.x")));
    expect(run("JSON.STRLEN", "doc", ".n")).toEqual(
      r.err("WRONGTYPE wrong type of path value - expected string but found integer"),
    );
    expect(run("JSON.STRLEN", "doc")).toEqual(
      r.err("WRONGTYPE wrong type of path value - expected string but found object"),
    );
  });

  test("missing key: nil for a legacy path, an error for JSONPath", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.STRLEN", "nope")).toEqual(r.nil);
    expect(run("JSON.STRLEN", "nope", "$")).toEqual(r.err(ERR.JSON_NO_SUCH_KEY));
    run("SET", "s", "v");
    expect(run("JSON.STRLEN", "s")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("JSON.STRLEN")).toEqual(r.err(ERR.WRONG_ARITY("json.strlen")));
  });
});
