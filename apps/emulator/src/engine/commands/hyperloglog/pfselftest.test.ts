import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("PFSELFTEST", () => {
  // Redis's own workload: 16 million register writes and 10 million elements (a few seconds).
  test("passes", { timeout: 60_000 }, ({ expect }) => {
    const { run } = createTestEngine();
    run("CONFIG", "SET", "hll-sparse-max-bytes", "100");
    expect(run("PFSELFTEST")).toEqual(r.ok);
  });
});
