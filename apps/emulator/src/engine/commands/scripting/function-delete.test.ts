import { describe, test } from "vitest";
import type { Effect } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("FUNCTION DELETE", () => {
  test("removes a library and its functions; names are case-sensitive", ({ expect }) => {
    const effects: Effect[] = [];
    const { run } = createTestEngine({ onEffects: (unit) => effects.push(...unit) });
    run(
      "FUNCTION",
      "LOAD",
      "#!lua name=lib\nredis.register_function('f', function() return 1 end)",
    );
    expect(run("FUNCTION", "DELETE", "LIB")).toEqual(r.err(ERR.LIBRARY_NOT_FOUND));
    effects.length = 0;
    expect(run("FUNCTION", "DELETE", "lib")).toEqual(r.ok);
    expect(effects).toEqual([{ db: 0, argv: ["FUNCTION", "DELETE", "lib"] }]);
    expect(run("FCALL", "f", "0")).toEqual(r.err(ERR.FUNCTION_NOT_FOUND));
    expect(run("FUNCTION", "DELETE", "lib")).toEqual(r.err(ERR.LIBRARY_NOT_FOUND));
    // The name is free again.
    expect(
      run(
        "FUNCTION",
        "LOAD",
        "#!lua name=other\nredis.register_function('f', function() return 2 end)",
      ),
    ).toEqual(r.bulk("other"));
  });
});
