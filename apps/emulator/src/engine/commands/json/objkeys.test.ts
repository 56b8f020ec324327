import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.OBJKEYS", () => {
  test("redis.io example (nested matches first, as the service lists them)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[3], "nested": {"a": {"b":2, "c": 1}}}');
    // RedisJSON documents nil, [b, c].
    expect(run("JSON.OBJKEYS", "doc", "$..a")).toEqual(r.arr(r.bulks("b", "c"), r.nil));
  });

  test("legacy paths: the first match's names, nil when missing, an error for a non-object", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":{"x":1,"y":2},"b":1}');
    expect(run("JSON.OBJKEYS", "doc")).toEqual(r.bulks("a", "b"));
    expect(run("JSON.OBJKEYS", "doc", ".a")).toEqual(r.bulks("x", "y"));
    expect(run("JSON.OBJKEYS", "doc", ".x")).toEqual(r.nil);
    expect(run("JSON.OBJKEYS", "doc", ".[")).toEqual(r.nil);
    expect(run("JSON.OBJKEYS", "doc", ".b")).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND_OR("$.b", "not an object")),
    );
  });

  test("missing key: nil for a legacy path, an error for JSONPath", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.OBJKEYS", "nope")).toEqual(r.nil);
    expect(run("JSON.OBJKEYS", "nope", "$")).toEqual(r.err(ERR.JSON_NO_SUCH_KEY));
    run("SET", "s", "v");
    expect(run("JSON.OBJKEYS", "s")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("JSON.OBJKEYS")).toEqual(r.err(ERR.WRONG_ARITY("json.objkeys")));
  });
});
