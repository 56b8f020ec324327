import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("FUNCTION STATS", () => {
  test("no running function, and the library and function counts", ({ expect }) => {
    const { run } = createTestEngine();
    const stats = (libraries: number, functions: number) =>
      r.arr(
        r.bulk("running_script"),
        r.nil,
        r.bulk("engines"),
        r.arr(
          r.bulk("LUA"),
          r.arr(
            r.bulk("libraries_count"),
            r.int(libraries),
            r.bulk("functions_count"),
            r.int(functions),
          ),
        ),
      );
    expect(run("FUNCTION", "STATS")).toEqual(stats(0, 0));
    run(
      "FUNCTION",
      "LOAD",
      "#!lua name=l\nredis.register_function('a', function() end)\nredis.register_function('b', function() end)",
    );
    expect(run("FUNCTION", "STATS")).toEqual(stats(1, 2));
  });
});
