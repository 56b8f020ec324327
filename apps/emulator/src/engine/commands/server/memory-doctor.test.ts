import { describe, test } from "vitest";
import { createTestEngine } from "../../test-support.ts";

describe("MEMORY DOCTOR", () => {
  test("Redis's report for a healthy instance", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("MEMORY", "DOCTOR");
    expect(reply.kind === "bulk" && reply.value).toMatch(/^Hi Sam, this instance is empty/);
  });
});
