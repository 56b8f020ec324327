import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.MERGE", () => {
  test("creates a non-existent path (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":2}');
    expect(run("JSON.MERGE", "doc", "$.b", "8")).toEqual(r.ok);
    expect(run("JSON.GET", "doc", "$")).toEqual(r.bulk('[{"a":2,"b":8}]'));
  });

  test("replaces an existing value (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":2}');
    expect(run("JSON.MERGE", "doc", "$.a", "3")).toEqual(r.ok);
    expect(run("JSON.GET", "doc", "$")).toEqual(r.bulk('[{"a":3}]'));
  });

  test("deletes an existing value (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":2}');
    expect(run("JSON.MERGE", "doc", "$", '{"a":null}')).toEqual(r.ok);
    expect(run("JSON.GET", "doc", "$")).toEqual(r.bulk("[{}]"));
  });

  test("replaces an array (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[2,4,6,8]}');
    expect(run("JSON.MERGE", "doc", "$.a", "[10,12]")).toEqual(r.ok);
    expect(run("JSON.GET", "doc", "$")).toEqual(r.bulk('[{"a":[10,12]}]'));
  });

  test("merges changes in multi-paths (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"f1": {"a":1}, "f2":{"a":2}}');
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('{"f1":{"a":1},"f2":{"a":2}}'));
    expect(
      run("JSON.MERGE", "doc", "$", '{"f1": null, "f2":{"a":3, "b":4}, "f3":[2,4,6]}'),
    ).toEqual(r.ok);
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('{"f2":{"a":3,"b":4},"f3":[2,4,6]}'));
  });

  test("merges into every match; a null patch at a path sets null", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"x":{"a":1},"y":{"x":{"b":2}}}');
    expect(run("JSON.MERGE", "doc", "$..x", '{"c":3}')).toEqual(r.ok);
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('{"x":{"a":1,"c":3},"y":{"x":{"b":2,"c":3}}}'));
    expect(run("JSON.MERGE", "doc", "$.y", "null")).toEqual(r.ok);
    expect(run("JSON.GET", "doc", "$.y")).toEqual(r.bulk("[null]"));
    expect(run("JSON.MERGE", "doc", "$.nope.z", "1")).toEqual(r.nil);
  });

  test("a new key only at the root, stored as given", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.MERGE", "k", "$.a", "1")).toEqual(r.err(ERR.JSON_NEW_AT_ROOT));
    expect(run("JSON.MERGE", "k", "$", '{"a":null}')).toEqual(r.ok);
    expect(run("JSON.GET", "k")).toEqual(r.bulk('{"a":null}'));
    run("SET", "s", "v");
    expect(run("JSON.MERGE", "s", "$", "{}")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["JSON.MERGE", "k", "$"], ERR.WRONG_ARITY("json.merge")],
    [["JSON.MERGE", "k", "$", "{}", "NX"], ERR.SYNTAX],
    [["JSON.MERGE", "k", "$", "{}", "FORMAT", "XML"], ERR.JSON_WRONG_FORMAT],
    [["JSON.MERGE", "k", "$", "{"], "EOF while parsing an object at line 1 column 1"],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
