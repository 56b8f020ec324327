import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("QUIT", () => {
  test("answers OK and marks the session to be closed", ({ expect }) => {
    const { run, session } = createTestEngine();
    expect(run("QUIT", "ignored")).toEqual(r.ok);
    expect(session.isKilled).toBe(true);
  });
});
