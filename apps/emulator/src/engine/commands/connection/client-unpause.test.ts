import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT UNPAUSE", () => {
  test("OK (nothing is ever paused)", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "UNPAUSE")).toEqual(r.ok);
  });
});
