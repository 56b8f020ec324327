import { describe, test, vi } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.SET", () => {
  test("replaces an existing value (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.SET", "doc", "$", '{"a":2}')).toEqual(r.ok);
    expect(run("JSON.SET", "doc", "$.a", "3")).toEqual(r.ok);
    expect(run("JSON.GET", "doc", "$")).toEqual(r.bulk('[{"a":3}]'));
  });

  test("adds a new value (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":2}');
    expect(run("JSON.SET", "doc", "$.b", "8")).toEqual(r.ok);
    expect(run("JSON.GET", "doc", "$")).toEqual(r.bulk('[{"a":2,"b":8}]'));
  });

  test("updates multiple paths (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"f1": {"a":1}, "f2":{"a":2}}');
    expect(run("JSON.SET", "doc", "$..a", "3")).toEqual(r.ok);
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('{"f1":{"a":3},"f2":{"a":3}}'));
  });

  test("new keys only at the root, in either syntax", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.SET", "k", "$.a", "1")).toEqual(r.err(ERR.JSON_NEW_AT_ROOT));
    expect(run("JSON.SET", "k", "a", "1")).toEqual(r.err(ERR.JSON_NEW_AT_ROOT));
    expect(run("JSON.SET", "k", ".", '"x"')).toEqual(r.ok);
    expect(run("JSON.GET", "k")).toEqual(r.bulk('"x"'));
    expect(run("TYPE", "k")).toEqual(r.simple("ReJSON-RL"));
  });

  test("a missing parent or a non-object parent is nil; an index out of range an error", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "k", "$", '{"a":[1],"s":"x"}');
    expect(run("JSON.SET", "k", "$.x.y", "1")).toEqual(r.nil);
    expect(run("JSON.SET", "k", "$.s.y", "1")).toEqual(r.nil);
    expect(run("JSON.SET", "k", "$.a[0]", "2")).toEqual(r.ok);
    expect(run("JSON.SET", "k", "$.a[1]", "2")).toEqual(r.err(ERR.JSON_ARRAY_INDEX_OUT_OF_RANGE));
    expect(run("JSON.SET", "k", "$..nope", "2")).toEqual(r.err(ERR.JSON_WRONG_STATIC_PATH));
    expect(run("JSON.SET", "k", "$['n']", "2")).toEqual(r.ok);
    expect(run("JSON.GET", "k")).toEqual(r.bulk('{"a":[2],"s":"x","n":2}'));
  });

  test("NX and XX", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.SET", "k", "$", "{}", "XX")).toEqual(r.nil);
    expect(run("JSON.SET", "k", "$", '{"a":1}', "nx")).toEqual(r.ok);
    expect(run("JSON.SET", "k", "$", "{}", "NX")).toEqual(r.nil);
    expect(run("JSON.SET", "k", "$.a", "2", "NX")).toEqual(r.nil);
    expect(run("JSON.SET", "k", "$.b", "2", "XX")).toEqual(r.nil);
    expect(run("JSON.SET", "k", "$.b", "2", "NX")).toEqual(r.ok);
    expect(run("JSON.SET", "k", "$.a", "3", "XX")).toEqual(r.ok);
    expect(run("JSON.SET", "k", "$", '{"c":1}', "XX")).toEqual(r.ok);
    expect(run("JSON.GET", "k")).toEqual(r.bulk('{"c":1}'));
  });

  test("FORMAT JSON and STRING parse JSON", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.SET", "k", "$", "[1]", "FORMAT", "JSON")).toEqual(r.ok);
    expect(run("JSON.SET", "k", "$", "[2]", "NX", "FORMAT", "STRING")).toEqual(r.nil);
    expect(run("JSON.GET", "k")).toEqual(r.bulk("[1]"));
  });

  test("keeps integers, floats and big integers as given; ignores text after the value", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "k", "$", "[1, 1.0, 1.50, 1e3, 12345678901234567890, -0.0] trailing");
    expect(run("JSON.GET", "k")).toEqual(r.bulk("[1,1.0,1.5,1000.0,12345678901234567890,-0.0]"));
  });

  test("replacing the root keeps the TTL; the key expires on the clock", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("JSON.SET", "k", "$", "1");
    run("PEXPIRE", "k", "100");
    expect(run("JSON.SET", "k", "$", "2")).toEqual(r.ok);
    expect(run("JSON.SET", "k", "$", "3", "XX")).toEqual(r.ok);
    clock.advance(100);
    expect(run("JSON.GET", "k")).toEqual(r.nil);
    expect(run("JSON.SET", "k", "$", "4", "XX")).toEqual(r.nil);
  });

  test("a key of another type is WRONGTYPE, checked before the value", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("JSON.SET", "s", "$", "not json")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("GET", "s")).toEqual(r.bulk("v"));
  });

  test("publishes json.set (module class) and logs the command", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, engine } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    run("JSON.SET", "k", "$", '{"a":1}');
    run("JSON.SET", "k", "$.b", "1", "XX");
    expect(spy.mock.calls.map(([event]) => [event.event, event.type])).toEqual([["json.set", "d"]]);
    expect(effects).toEqual([{ db: 0, argv: ["JSON.SET", "k", "$", '{"a":1}'] }]);
  });

  test.for([
    [["JSON.SET"], ERR.WRONG_ARITY("json.set")],
    [["JSON.SET", "k"], ERR.WRONG_ARITY("json.set")],
    [["JSON.SET", "k", "$"], ERR.WRONG_ARITY("json.set")],
    [["JSON.SET", "k", "$", "1", "NX", "XX"], ERR.SYNTAX],
    [["JSON.SET", "k", "$", "1", "NX", "NX"], ERR.SYNTAX],
    [["JSON.SET", "k", "$", "1", "FOO"], ERR.SYNTAX],
    [["JSON.SET", "k", "$", "1", "FORMAT"], ERR.WRONG_ARITY("json.set")],
    [["JSON.SET", "k", "$", "1", "FORMAT", "json"], ERR.JSON_WRONG_FORMAT],
    [["JSON.SET", "k", "$", "1", "FORMAT", "BSON"], ERR.JSON_BSON_UNSUPPORTED],
    [["JSON.SET", "k", "$", "\xff"], ERR.JSON_NOT_UTF8],
    [["JSON.SET", "k", "$\xff", "1"], ERR.JSON_NOT_UTF8],
    // Parse errors are serde_json's text, without an ERR code.
    [["JSON.SET", "k", "$", "abc"], "expected value at line 1 column 1"],
    [["JSON.SET", "k", "$", '{"a":}'], "expected value at line 1 column 6"],
    [["JSON.SET", "k", "$", ""], "EOF while parsing a value at line 1 column 0"],
    [["JSON.SET", "k", "$", "[".repeat(128)], "recursion limit exceeded at line 1 column 128"],
    // For a new key the path is not compiled: only the root may create it.
    [["JSON.SET", "k", "$[", "1"], ERR.JSON_NEW_AT_ROOT],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("a bad path on an existing key is reported after the value is parsed", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "k", "$", "{}");
    expect(run("JSON.SET", "k", "$[", "x")).toEqual(r.err("expected value at line 1 column 1"));
    expect(run("JSON.SET", "k", "$[", "1")).toEqual(
      r.err(
        `Error occurred on position 2, "$[ <<<<----", expected one of the following: '<string>[,<string>,...]', '<number>', ['start:end:steps'], '*'.`,
      ),
    );
  });
});
