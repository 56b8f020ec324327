import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("FUNCTION FLUSH", () => {
  test("deletes every library; both modes", ({ expect }) => {
    const { run } = createTestEngine();
    for (const mode of [[], ["ASYNC"], ["sync"]]) {
      run(
        "FUNCTION",
        "LOAD",
        "#!lua name=l\nredis.register_function('f', function() return 1 end)",
      );
      expect(run("FUNCTION", "FLUSH", ...mode)).toEqual(r.ok);
      expect(run("FUNCTION", "LIST")).toEqual(r.arr());
      expect(run("FCALL", "f", "0")).toEqual(r.err(ERR.FUNCTION_NOT_FOUND));
    }
  });

  test.for([
    [["FUNCTION", "FLUSH", "now"], ERR.FUNCTION_FLUSH_OPTION],
    [["FUNCTION", "FLUSH", "SYNC", "ASYNC"], ERR.SUBCOMMAND_SYNTAX("FLUSH", "FUNCTION")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
