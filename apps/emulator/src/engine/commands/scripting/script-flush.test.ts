import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { sha1hex } from "../../scripting/scripts.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SCRIPT FLUSH", () => {
  test("forgets every script; both modes", ({ expect }) => {
    const { run } = createTestEngine();
    for (const mode of [[], ["ASYNC"], ["sync"]]) {
      run("SCRIPT", "LOAD", "return 1");
      expect(run("SCRIPT", "FLUSH", ...mode)).toEqual(r.ok);
      expect(run("SCRIPT", "EXISTS", sha1hex("return 1"))).toEqual(r.arr(r.int(0)));
    }
    expect(run("EVAL", "return 2", "0")).toEqual(r.int(2));
  });

  test("does not touch functions or data", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    run("FUNCTION", "LOAD", "#!lua name=l\nredis.register_function('f', function() return 1 end)");
    run("SCRIPT", "FLUSH");
    expect(run("GET", "k")).toEqual(r.bulk("v"));
    expect(run("FCALL", "f", "0")).toEqual(r.int(1));
  });

  test.for([
    [["SCRIPT", "FLUSH", "foo"], ERR.SCRIPT_FLUSH_OPTION],
    [["SCRIPT", "FLUSH", "SYNC", "ASYNC"], ERR.SCRIPT_FLUSH_OPTION],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
