import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.MGET", () => {
  test("redis.io example, and kv-rest-wire.md §13.2 example 4 (nested matches first)", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc1", "$", '{"a":1, "b": 2, "nested": {"a": 3}, "c": null}');
    run("JSON.SET", "doc2", "$", '{"a":4, "b": 5, "nested": {"a": 6}, "c": null}');
    // RedisJSON documents "[1,3]" and "[4,6]"; the service answers [[3,1],[6,4]].
    expect(run("JSON.MGET", "doc1", "doc2", "$..a")).toEqual(
      r.arr(r.bulk("[3,1]"), r.bulk("[6,4]")),
    );
  });

  test("legacy path: one value per key; anything that would fail is nil", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "a", "$", '{"x":1}');
    run("JSON.SET", "b", "$", '{"y":2}');
    run("SET", "s", "v");
    expect(run("JSON.MGET", "a", "b", "missing", "s", ".x")).toEqual(
      r.arr(r.bulk("1"), r.nil, r.nil, r.nil),
    );
    expect(run("JSON.MGET", "a", "b", "$.x")).toEqual(r.arr(r.bulk("[1]"), r.bulk("[]")));
    // A path that does not compile is nil for every key.
    expect(run("JSON.MGET", "a", "b", "$[")).toEqual(r.arr(r.nil, r.nil));
  });

  test("expired keys are nil", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("JSON.SET", "a", "$", "1");
    run("PEXPIRE", "a", "5");
    clock.advance(5);
    expect(run("JSON.MGET", "a", "$")).toEqual(r.arr(r.nil));
  });

  test.for([
    [["JSON.MGET"], ERR.WRONG_ARITY("json.mget")],
    [["JSON.MGET", "a"], ERR.WRONG_ARITY("json.mget")],
    [["JSON.MGET", "a", "$\xff"], ERR.JSON_NOT_UTF8],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
