import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.NUMMULTBY", () => {
  test("redis.io example (nested matches first, as the service lists them)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", ".", '{"a":"b","b":[{"a":2}, {"a":5}, {"a":"c"}]}');
    expect(run("JSON.NUMMULTBY", "doc", "$.a", "2")).toEqual(r.bulk("[null]"));
    // RedisJSON documents "[null,4,10,null]".
    expect(run("JSON.NUMMULTBY", "doc", "$..a", "2")).toEqual(r.bulk("[4,10,null,null]"));
  });

  test("integer and float results; wrapping; legacy paths", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"i":3,"f":0.5,"big":4611686018427387904}');
    expect(run("JSON.NUMMULTBY", "doc", ".i", "3")).toEqual(r.bulk("9"));
    expect(run("JSON.NUMMULTBY", "doc", ".f", "3")).toEqual(r.bulk("1.5"));
    expect(run("JSON.NUMMULTBY", "doc", ".i", "0.5")).toEqual(r.bulk("4.5"));
    expect(run("JSON.NUMMULTBY", "doc", "$.big", "2")).toEqual(r.bulk("[-9223372036854775808]"));
    expect(run("JSON.NUMMULTBY", "doc", ".x", "2")).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND_OR("$.x", "does not contains a number")),
    );
  });

  test("missing key, wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.NUMMULTBY", "nope", "$", "1")).toEqual(r.err(ERR.JSON_NO_SUCH_KEY));
    run("SET", "s", "v");
    expect(run("JSON.NUMMULTBY", "s", "$", "1")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
