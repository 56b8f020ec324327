import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.TOGGLE", () => {
  test("redis.io example", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"bool": true}');
    expect(run("JSON.TOGGLE", "doc", "$.bool")).toEqual(r.arr(r.int(0)));
    expect(run("JSON.GET", "doc", "$")).toEqual(r.bulk('[{"bool":false}]'));
    expect(run("JSON.TOGGLE", "doc", "$.bool")).toEqual(r.arr(r.int(1)));
    expect(run("JSON.GET", "doc", "$")).toEqual(r.bulk('[{"bool":true}]'));
  });

  test("non-booleans are nil; a legacy path answers true / false", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":true,"b":1,"c":{"a":false}}');
    expect(run("JSON.TOGGLE", "doc", "$..*")).toEqual(r.arr(r.int(1), r.int(0), r.nil, r.nil));
    expect(run("JSON.TOGGLE", "doc", ".a")).toEqual(r.bulk("true"));
    expect(run("JSON.TOGGLE", "doc", ".b")).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND_OR("$.b", "not a bool")),
    );
  });

  test("missing key, wrong type, arity", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.TOGGLE", "nope", "$")).toEqual(r.err(ERR.JSON_NO_SUCH_KEY));
    run("SET", "s", "v");
    expect(run("JSON.TOGGLE", "s", "$")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("JSON.TOGGLE", "s")).toEqual(r.err(ERR.WRONG_ARITY("json.toggle")));
  });
});
