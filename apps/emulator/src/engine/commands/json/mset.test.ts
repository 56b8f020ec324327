import { describe, test, vi } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.MSET", () => {
  test("sets several keys (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    expect(
      run(
        "JSON.MSET",
        "doc1",
        "$",
        '{"a":1}',
        "doc2",
        "$",
        '{"f":{"a":2}}',
        "doc3",
        "$",
        '{"f1":{"a":0},"f2":{"a":0}}',
      ),
    ).toEqual(r.ok);
    expect(
      run(
        "JSON.MSET",
        "doc1",
        "$",
        '{"a":2}',
        "doc2",
        "$.f.a",
        "3",
        "doc3",
        "$",
        '{"f1":{"a":1},"f2":{"a":2}}',
      ),
    ).toEqual(r.ok);
    expect(run("JSON.GET", "doc1", "$")).toEqual(r.bulk('[{"a":2}]'));
    expect(run("JSON.GET", "doc2", "$")).toEqual(r.bulk('[{"f":{"a":3}}]'));
    expect(run("JSON.GET", "doc3")).toEqual(r.bulk('{"f1":{"a":1},"f2":{"a":2}}'));
  });

  test("is atomic: one bad triplet changes nothing", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "a", "$", "1");
    expect(run("JSON.MSET", "a", "$", "2", "b", "$.x", "1")).toEqual(r.err(ERR.JSON_NEW_AT_ROOT));
    expect(run("JSON.MSET", "a", "$", "2", "c", "$", "{")).toEqual(
      r.err("EOF while parsing an object at line 1 column 1"),
    );
    run("SET", "s", "v");
    expect(run("JSON.MSET", "a", "$", "2", "s", "$", "1")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("JSON.GET", "a")).toEqual(r.bulk("1"));
    expect(run("EXISTS", "c")).toEqual(r.int(0));
  });

  test("paths resolve against the keys as they were before the command", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.MSET", "n", "$", "{}", "n", "$.a", "1")).toEqual(r.err(ERR.JSON_NEW_AT_ROOT));
    run("JSON.SET", "k", "$", '{"a":1}');
    expect(run("JSON.MSET", "k", "$.b", "2", "k", "$.a", "3")).toEqual(r.ok);
    expect(run("JSON.GET", "k")).toEqual(r.bulk('{"a":3,"b":2}'));
  });

  test("publishes json.mset for each updated key", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("JSON.SET", "k", "$", '{"a":1}');
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    run("JSON.MSET", "k", "$.x.y", "1", "m", "$", "2");
    expect(spy.mock.calls.map(([event]) => [event.event, event.key])).toEqual([["json.mset", "m"]]);
  });

  test.for([
    [["JSON.MSET"], ERR.WRONG_ARITY("json.mset")],
    [["JSON.MSET", "a", "$"], ERR.WRONG_ARITY("json.mset")],
    [["JSON.MSET", "a", "$", "1", "b"], ERR.WRONG_ARITY("json.mset")],
    [["JSON.MSET", "a", "$\xff", "1"], ERR.JSON_NOT_UTF8],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
