import { describe, test, vi } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.FORGET", () => {
  test("deletes values (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a": 1, "nested": {"a": 2, "b": 3}}');
    expect(run("JSON.FORGET", "doc", "$..a")).toEqual(r.int(2));
    expect(run("JSON.GET", "doc", "$")).toEqual(r.bulk('[{"nested":{"b":3}}]'));
  });

  test("the root (default) deletes the key; missing paths and keys count 0", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.FORGET", "nope")).toEqual(r.int(0));
    run("JSON.SET", "doc", "$", '{"a":[1,2,3]}');
    expect(run("JSON.FORGET", "doc", "$.x")).toEqual(r.int(0));
    expect(run("JSON.FORGET", "doc", ".a[1]")).toEqual(r.int(1));
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('{"a":[1,3]}'));
    expect(run("JSON.FORGET", "doc")).toEqual(r.int(1));
    expect(run("EXISTS", "doc")).toEqual(r.int(0));
  });

  test("a value inside another deleted value is not counted twice", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":{"a":{"a":1}},"b":[{"a":2}]}');
    expect(run("JSON.FORGET", "doc", "$..a")).toEqual(r.int(2));
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('{"b":[{}]}'));
  });

  test("deleting a member moves the last member into its place, as RedisJSON does", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":1,"b":2,"c":3}');
    expect(run("JSON.FORGET", "doc", "$.a")).toEqual(r.int(1));
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('{"c":3,"b":2}'));
  });

  test("publishes json.del only when something was deleted", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":1}');
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    run("JSON.FORGET", "doc", "$.x");
    run("JSON.FORGET", "doc", "$.a");
    expect(spy.mock.calls.map(([event]) => [event.event, event.type])).toEqual([["json.del", "d"]]);
  });

  test.for([
    [["JSON.FORGET"], ERR.WRONG_ARITY("json.forget")],
    [["JSON.FORGET", "s"], ERR.WRONGTYPE],
    [["JSON.FORGET", "doc", "$\xff"], ERR.JSON_NOT_UTF8],
    [
      ["JSON.FORGET", "doc", "$.["],
      `Error occurred on position 3, "$.[ <<<<----", expected one of the following: '<string>[,<string>,...]', '<number>', ['start:end:steps'], '*'.`,
    ],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    run("JSON.SET", "doc", "$", "{}");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
