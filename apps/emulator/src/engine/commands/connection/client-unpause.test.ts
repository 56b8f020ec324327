import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT UNPAUSE", () => {
  test("OK, paused or not", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "UNPAUSE")).toEqual(r.ok);
    run("CLIENT", "PAUSE", "1000");
    expect(run("CLIENT", "UNPAUSE")).toEqual(r.ok);
  });
});
