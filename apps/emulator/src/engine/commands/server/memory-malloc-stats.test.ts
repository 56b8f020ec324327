import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("MEMORY MALLOC-STATS", () => {
  test("not jemalloc", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("MEMORY", "MALLOC-STATS")).toEqual(
      r.bulk("Stats not supported for the current allocator"),
    );
  });
});
