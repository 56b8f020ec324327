import { describe, test, vi } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.CLEAR", () => {
  test("clears containers and zeroes numbers (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run(
      "JSON.SET",
      "doc",
      "$",
      '{"obj":{"a":1, "b":2}, "arr":[1,2,3], "str": "foo", "bool": true, "int": 42, "float": 3.14}',
    );
    expect(run("JSON.CLEAR", "doc", "$.*")).toEqual(r.int(4));
    expect(run("JSON.GET", "doc", "$")).toEqual(
      r.bulk('[{"obj":{},"arr":[],"str":"foo","bool":true,"int":0,"float":0}]'),
    );
  });

  test("already cleared values are not counted; the default path is the root", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[],"b":0,"c":0.0,"d":{"e":[1]}}');
    expect(run("JSON.CLEAR", "doc", "$.*")).toEqual(r.int(1));
    expect(run("JSON.CLEAR", "doc", "$..e")).toEqual(r.int(0));
    expect(run("JSON.CLEAR", "doc")).toEqual(r.int(1));
    expect(run("JSON.GET", "doc")).toEqual(r.bulk("{}"));
    expect(run("JSON.CLEAR", "doc", "$.nope")).toEqual(r.int(0));
  });

  test("publishes json.clear when something changed", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("JSON.SET", "doc", "$", "[1]");
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    run("JSON.CLEAR", "doc");
    run("JSON.CLEAR", "doc");
    expect(spy.mock.calls.map(([event]) => event.event)).toEqual(["json.clear"]);
  });

  test("missing key, wrong type, arity", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.CLEAR", "nope")).toEqual(r.err(ERR.JSON_NO_SUCH_KEY));
    run("SET", "s", "v");
    expect(run("JSON.CLEAR", "s")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("JSON.CLEAR")).toEqual(r.err(ERR.WRONG_ARITY("json.clear")));
  });
});
