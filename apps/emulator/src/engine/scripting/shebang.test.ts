import { describe, test } from "vitest";
import { ERR } from "../errors.ts";
import {
  isValidLibraryName,
  NO_WRITES,
  parseLibraryMetadata,
  parseScriptShebang,
  splitArgs,
} from "./shebang.ts";

describe("splitArgs (sdssplitargs)", () => {
  test.for([
    ["a b  c", ["a", "b", "c"]],
    ["  ", []],
    ['"a b" c', ["a b", "c"]],
    ["'a b' c", ["a b", "c"]],
    ['"\\x41\\n\\t"', ["A\n\t"]],
    ['"\\x4"', ["x4"]],
    ["'it\\'s'", ["it's"]],
    ["'a\\nb'", ["a\\nb"]],
    ['a"b"', ["ab"]],
  ] as const)("%j", ([line, words], { expect }) => {
    expect(splitArgs(line)).toEqual(words);
  });

  test.for(['"open', "'open", '"a"b', "'a'b"])("%j is unbalanced", (line, { expect }) => {
    expect(splitArgs(line)).toBeUndefined();
  });
});

describe("parseScriptShebang", () => {
  test("a script without a shebang is a compatibility script", ({ expect }) => {
    expect(parseScriptShebang("return 1")).toEqual({
      ok: true,
      value: { flags: { bits: 0, isCompat: true }, codeStart: 0 },
    });
  });

  test("flags; the code starts at the newline so line numbers stay", ({ expect }) => {
    expect(parseScriptShebang("#!lua flags=no-writes,allow-oom\nreturn 1")).toEqual({
      ok: true,
      value: { flags: { bits: NO_WRITES | 2, isCompat: false }, codeStart: 31 },
    });
    expect(parseScriptShebang('#!lua "flags=no-writes"\n')).toMatchObject({
      ok: true,
      value: { flags: { bits: NO_WRITES } },
    });
    expect(parseScriptShebang("#!lua flags=\n")).toMatchObject({
      ok: true,
      value: { flags: { bits: 0, isCompat: false } },
    });
  });

  // Each as redis-server 7.0 answers EVAL with that first line.
  test.for([
    ["#!lua", ERR.SCRIPT_SHEBANG_INVALID],
    ["#!lua flags=bad\n", ERR.SCRIPT_SHEBANG_FLAG("bad")],
    ["#!lua flags=no-writes,\n", ERR.SCRIPT_SHEBANG_FLAG("")],
    ["#!lua x=1\n", ERR.SCRIPT_SHEBANG_OPTION("x=1")],
    ["#!py\n", ERR.SCRIPT_ENGINE_UNEXPECTED("#!py")],
    ["#!\n", ERR.SCRIPT_ENGINE_UNEXPECTED("#!")],
    ["#!lua 'a\n", ERR.SCRIPT_ENGINE_INVALID],
  ] as const)("%j is refused", ([body, error], { expect }) => {
    expect(parseScriptShebang(body)).toEqual({ ok: false, error });
  });
});

describe("parseLibraryMetadata", () => {
  test("engine, name and the code after the line", ({ expect }) => {
    expect(parseLibraryMetadata("#!lua name=mylib\nreturn 1")).toEqual({
      ok: true,
      value: { engine: "lua", name: "mylib", code: "\nreturn 1" },
    });
    expect(parseLibraryMetadata("#!LUA NAME=x\n")).toMatchObject({
      ok: true,
      value: { engine: "LUA", name: "x" },
    });
  });

  test.for([
    ["return 1", ERR.LIBRARY_METADATA_MISSING],
    ["#!lua name=x", ERR.LIBRARY_METADATA_INVALID],
    ['#!lua "x\n', ERR.LIBRARY_METADATA_INVALID],
    ["#!lua name=a name=b\n", ERR.LIBRARY_NAME_REPEATED],
    ["#!lua name=a foo=b\n", ERR.LIBRARY_METADATA_VALUE("foo=b")],
    ["#!lua\n", ERR.LIBRARY_NAME_MISSING],
  ] as const)("%j is refused", ([payload, error], { expect }) => {
    expect(parseLibraryMetadata(payload)).toEqual({ ok: false, error });
  });
});

test("library names are letters, digits and underscores", ({ expect }) => {
  expect(isValidLibraryName("my_lib1")).toBe(true);
  expect(isValidLibraryName("")).toBe(false);
  expect(isValidLibraryName("my-lib")).toBe(false);
});
