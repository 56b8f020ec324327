import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.OBJLEN", () => {
  test("redis.io example and kv-rest-wire.md §13.2 example 3 (nested matches first)", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[3], "nested": {"a": {"b":2, "c": 1}}}');
    // RedisJSON documents nil, 2; the service answers [2, null].
    expect(run("JSON.OBJLEN", "doc", "$..a")).toEqual(r.arr(r.int(2), r.nil));
  });

  test("legacy paths: the first match, nil when missing, an error for a non-object", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":{"x":1},"b":[1]}');
    expect(run("JSON.OBJLEN", "doc")).toEqual(r.int(2));
    expect(run("JSON.OBJLEN", "doc", ".a")).toEqual(r.int(1));
    expect(run("JSON.OBJLEN", "doc", ".x")).toEqual(r.nil);
    expect(run("JSON.OBJLEN", "doc", ".b")).toEqual(
      r.err("WRONGTYPE wrong type of path value - expected object but found array"),
    );
  });

  test("missing key: nil for a legacy path, an error for JSONPath", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.OBJLEN", "nope")).toEqual(r.nil);
    expect(run("JSON.OBJLEN", "nope", "$")).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND_OR("$", "not an object")),
    );
    run("SET", "s", "v");
    expect(run("JSON.OBJLEN", "s")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
