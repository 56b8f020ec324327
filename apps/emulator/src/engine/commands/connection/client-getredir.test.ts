import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT GETREDIR", () => {
  test("-1 without tracking", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "GETREDIR")).toEqual(r.int(-1));
  });
});
