import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const CODE = [
  "#!lua name=mylib",
  "redis.register_function{function_name='f2', callback=function() end, flags={'no-writes', 'allow-stale'}, description='reads'}",
  "redis.register_function('f1', function() end)",
].join("\n");

const entry = (withCode: boolean): Reply => {
  const fields = [
    r.bulk("library_name"),
    r.bulk("mylib"),
    r.bulk("engine"),
    r.bulk("LUA"),
    r.bulk("functions"),
    r.arr(
      r.arr(
        r.bulk("name"),
        r.bulk("f2"),
        r.bulk("description"),
        r.bulk("reads"),
        r.bulk("flags"),
        r.arr(r.simple("no-writes"), r.simple("allow-stale")),
      ),
      r.arr(r.bulk("name"), r.bulk("f1"), r.bulk("description"), r.nil, r.bulk("flags"), r.arr()),
    ),
  ];
  return withCode ? r.arr(...fields, r.bulk("library_code"), r.bulk(CODE)) : r.arr(...fields);
};

describe("FUNCTION LIST", () => {
  test("libraries with their functions, and code with WITHCODE", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("FUNCTION", "LIST")).toEqual(r.arr());
    run("FUNCTION", "LOAD", CODE);
    expect(run("FUNCTION", "LIST")).toEqual(r.arr(entry(false)));
    expect(run("FUNCTION", "LIST", "withcode")).toEqual(r.arr(entry(true)));
  });

  test("LIBRARYNAME filters with a glob that ignores case", ({ expect }) => {
    const { run } = createTestEngine();
    run("FUNCTION", "LOAD", CODE);
    expect(run("FUNCTION", "LIST", "LIBRARYNAME", "MY*")).toEqual(r.arr(entry(false)));
    expect(run("FUNCTION", "LIST", "LIBRARYNAME", "my")).toEqual(r.arr());
    expect(run("FUNCTION", "LIST", "WITHCODE", "LIBRARYNAME", "*lib")).toEqual(r.arr(entry(true)));
  });

  test.for([
    [["FUNCTION", "LIST", "LIBRARYNAME"], ERR.FUNCTION_LIST_NAME_MISSING],
    [["FUNCTION", "LIST", "foo"], ERR.FUNCTION_LIST_ARGUMENT("foo")],
    [["FUNCTION", "LIST", "WITHCODE", "WITHCODE"], ERR.FUNCTION_LIST_ARGUMENT("WITHCODE")],
    [
      ["FUNCTION", "LIST", "LIBRARYNAME", "a", "libraryname", "b"],
      ERR.FUNCTION_LIST_ARGUMENT("libraryname"),
    ],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
