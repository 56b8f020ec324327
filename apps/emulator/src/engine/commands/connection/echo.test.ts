import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("ECHO", () => {
  test("returns the message, binary-safe", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("ECHO", "hi\u0000\u00ff")).toEqual(r.bulk("hi\u0000\u00ff"));
  });
});
