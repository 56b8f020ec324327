import { describe, test } from "vitest";
import { NESTING_OVER_ENGINE_LIMIT } from "../../bytes.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const DOC = '{"a":2, "b": 3, "nested": {"a": 4, "b": null}}';

describe("JSON.GET", () => {
  test("a JSONPath gives an array of matches (redis.io example, service order)", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.SET", "doc", "$", DOC)).toEqual(r.ok);
    // Service behaviour (kv-rest-wire.md §13.2): nested matches first. RedisJSON: "[3,null]".
    expect(run("JSON.GET", "doc", "$..b")).toEqual(r.bulk("[null,3]"));
  });

  test("several paths give an object keyed by path (redis.io example, service order)", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", DOC);
    // RedisJSON documents "{\"$..b\":[3,null],\"..a\":[2,4]}"; the service lists nested first.
    expect(run("JSON.GET", "doc", "..a", "$..b")).toEqual(r.bulk('{"$..b":[null,3],"..a":[4,2]}'));
  });

  test("kv-rest-wire.md §13.2 examples 1 and 2", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "k", "$", '{"a":2,"b":3,"nested":{"a":4,"b":null}}');
    expect(run("JSON.GET", "k", "$..b")).toEqual(r.bulk("[null,3]"));
    expect(run("JSON.GET", "k", "$..a", "$..b")).toEqual(r.bulk('{"$..b":[null,3],"$..a":[4,2]}'));
  });

  test("legacy paths give one value (the first match), errors when there is none", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", DOC);
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('{"a":2,"b":3,"nested":{"a":4,"b":null}}'));
    expect(run("JSON.GET", "doc", ".")).toEqual(run("JSON.GET", "doc"));
    expect(run("JSON.GET", "doc", "nested.a")).toEqual(r.bulk("4"));
    expect(run("JSON.GET", "doc", ".nested")).toEqual(r.bulk('{"a":4,"b":null}'));
    expect(run("JSON.GET", "doc", "..a")).toEqual(r.bulk("4"));
    expect(run("JSON.GET", "doc", ".x")).toEqual(r.err(ERR.JSON_PATH_NOT_FOUND("$.x")));
    expect(run("JSON.GET", "doc", ".a", ".b")).toEqual(r.bulk('{".b":3,".a":2}'));
    // With several legacy paths the error quotes the path as given.
    expect(run("JSON.GET", "doc", ".a", ".x")).toEqual(r.err(ERR.JSON_PATH_NOT_FOUND(".x")));
  });

  test("a JSONPath with no match is an empty array; mixing in JSONPath gives arrays", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", DOC);
    expect(run("JSON.GET", "doc", "$.x")).toEqual(r.bulk("[]"));
    expect(run("JSON.GET", "doc", ".a", "$.x")).toEqual(r.bulk('{"$.x":[],".a":[2]}'));
  });

  test("with several paths, one that does not compile is left out", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", DOC);
    expect(run("JSON.GET", "doc", "$.a", "$[")).toEqual(r.bulk('{"$.a":[2]}'));
    expect(run("JSON.GET", "doc", "$.a", "$.a")).toEqual(r.bulk('{"$.a":[2]}'));
  });

  test("INDENT, NEWLINE and SPACE format the reply; NOESCAPE is ignored", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[1,{}],"b":{"c":"d"}}');
    expect(run("JSON.GET", "doc", "INDENT", "\t", "NEWLINE", "\n", "SPACE", " ", ".")).toEqual(
      r.bulk('{\n\t"a": [\n\t\t1,\n\t\t{}\n\t],\n\t"b": {\n\t\t"c": "d"\n\t}\n}'),
    );
    expect(run("JSON.GET", "doc", "$.b", "indent", "__", "noescape")).toEqual(
      r.bulk('[__{____"c":"d"__}]'),
    );
    expect(run("JSON.GET", "doc", "SPACE", "-", "$.a", "$.b")).toEqual(
      r.bulk('{"$.b":-[{"c":-"d"}],"$.a":-[[1,{}]]}'),
    );
  });

  test("FORMAT is RESP3-only: refused before a path, ignored after one", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", "[1]");
    expect(run("JSON.GET", "doc", "FORMAT", "JSON")).toEqual(r.err(ERR.JSON_FORMAT_RESP2));
    expect(run("JSON.GET", "doc", "$", "FORMAT", "EXPAND")).toEqual(r.bulk("[[1]]"));
    expect(run("JSON.GET", "doc", "$", "FORMAT", "strings")).toEqual(
      r.err(ERR.JSON_WRONG_REPLY_FORMAT),
    );
    expect(run("JSON.GET", "doc", "$", "FORMAT", "json")).toEqual(
      r.err(ERR.JSON_WRONG_REPLY_FORMAT),
    );
  });

  test("text is UTF-8; strings come back as written", ({ expect }) => {
    const { run } = createTestEngine();
    const utf8 = (text: string): string => Buffer.from(text, "utf8").toString("latin1");
    run("JSON.SET", "doc", "$", utf8('{"é":"\\u00e9😀","q":"a\\"b\\\\c\\n"}'));
    expect(run("JSON.GET", "doc")).toEqual(r.bulk(utf8('{"é":"é😀","q":"a\\"b\\\\c\\n"}')));
    expect(run("JSON.GET", "doc", utf8("$['é']"))).toEqual(r.bulk(utf8('["é😀"]')));
  });

  test("missing key, wrong type, expiry", ({ expect }) => {
    const { run, clock } = createTestEngine();
    expect(run("JSON.GET", "nope", "$[")).toEqual(r.nil);
    run("SET", "s", "v");
    expect(run("JSON.GET", "s")).toEqual(r.err(ERR.WRONGTYPE));
    run("JSON.SET", "k", "$", "1");
    run("PEXPIRE", "k", "10");
    clock.advance(10);
    expect(run("JSON.GET", "k")).toEqual(r.nil);
  });

  test.for([
    [["JSON.GET"], ERR.WRONG_ARITY("json.get")],
    [["JSON.GET", "doc", "INDENT"], ERR.WRONG_ARITY("json.get")],
    [["JSON.GET", "doc", "$", "FORMAT"], ERR.WRONG_ARITY("json.get")],
    [
      ["JSON.GET", "doc", "$.a["],
      `Error occurred on position 4, "$.a[ <<<<----", expected one of the following: '<string>[,<string>,...]', '<number>', ['start:end:steps'], '*'.`,
    ],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", DOC);
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("a document deepened through paths past what the walks follow answers an error, not a crash", ({
    expect,
  }) => {
    // RedisJSON limits one parsed value to 128 levels, not a document grown level by level.
    const { run } = createTestEngine();
    const level = `${"[".repeat(100)}${"]".repeat(100)}`;
    expect(run("JSON.SET", "deep", "$", level)).toEqual(r.ok);
    // Deeper by 99 levels a step, until a walk runs out of call stack: a clear error, not the
    // internal one, and the document is left as it was.
    let depth = 100;
    let answer = r.ok;
    for (; depth < 100_000 && answer.kind !== "error"; depth += 99) {
      answer = run("JSON.SET", "deep", `$${"[0]".repeat(depth - 1)}`, level);
    }
    expect(answer).toEqual(r.err(NESTING_OVER_ENGINE_LIMIT));
    expect(depth).toBeGreaterThan(1000);
    expect(run("JSON.GET", "deep", `$${"[0]".repeat(depth)}`)).toEqual(
      r.err(NESTING_OVER_ENGINE_LIMIT),
    );
    // The engine goes on, the document as it was.
    expect(run("JSON.TYPE", "deep")).toEqual(r.bulk("array"));
    expect(run("JSON.SET", "deep", "$", "[1]")).toEqual(r.ok);
    expect(run("JSON.GET", "deep")).toEqual(r.bulk("[1]"));
  });
});
