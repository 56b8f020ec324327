import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("JSON.TYPE", () => {
  test("redis.io example (nested matches first, as the service lists them)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":2, "nested": {"a": true}, "foo": "bar"}');
    expect(run("JSON.TYPE", "doc", "$..foo")).toEqual(r.bulks("string"));
    // RedisJSON documents integer, boolean.
    expect(run("JSON.TYPE", "doc", "$..a")).toEqual(r.bulks("boolean", "integer"));
    expect(run("JSON.TYPE", "doc", "$..dummy")).toEqual(r.arr());
  });

  test("every type; integers and floats apart", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '[null,true,1,1.0,"s",[],{},18446744073709551615,1e2]');
    expect(run("JSON.TYPE", "doc", "$[*]")).toEqual(
      r.bulks(
        "null",
        "boolean",
        "integer",
        "number",
        "string",
        "array",
        "object",
        "integer",
        "number",
      ),
    );
  });

  test("legacy paths: the first match's type or nil", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":{"b":[1]}}');
    expect(run("JSON.TYPE", "doc")).toEqual(r.bulk("object"));
    expect(run("JSON.TYPE", "doc", ".a.b")).toEqual(r.bulk("array"));
    expect(run("JSON.TYPE", "doc", "a.b[0]")).toEqual(r.bulk("integer"));
    expect(run("JSON.TYPE", "doc", ".x")).toEqual(r.nil);
    expect(run("JSON.TYPE", "doc", ".[")).toEqual(r.nil);
    // A path that is not UTF-8 falls back to the root.
    expect(run("JSON.TYPE", "doc", "\xff")).toEqual(r.bulk("object"));
  });

  test("missing key is nil; wrong type; bad JSONPath", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.TYPE", "nope")).toEqual(r.nil);
    expect(run("JSON.TYPE", "nope", "$")).toEqual(r.nil);
    run("SET", "s", "v");
    expect(run("JSON.TYPE", "s")).toEqual(r.err(ERR.WRONGTYPE));
    run("JSON.SET", "doc", "$", "{}");
    expect(run("JSON.TYPE", "doc", "$[")).toEqual(
      r.err(
        `Error occurred on position 2, "$[ <<<<----", expected one of the following: '<string>[,<string>,...]', '<number>', ['start:end:steps'], '*'.`,
      ),
    );
    expect(run("JSON.TYPE")).toEqual(r.err(ERR.WRONG_ARITY("json.type")));
  });
});
