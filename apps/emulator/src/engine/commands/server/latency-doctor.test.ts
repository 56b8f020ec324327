import { describe, test } from "vitest";
import { createTestEngine } from "../../test-support.ts";

describe("LATENCY DOCTOR", () => {
  test("monitoring disabled, or nothing observed", ({ expect }) => {
    const { run } = createTestEngine();
    const disabled = run("LATENCY", "DOCTOR");
    expect(disabled.kind === "bulk" && disabled.value).toMatch(/^I'm sorry, Dave/);
    run("CONFIG", "SET", "latency-monitor-threshold", "100");
    const enabled = run("LATENCY", "DOCTOR");
    expect(enabled.kind === "bulk" && enabled.value).toMatch(/^Dave, no latency spike/);
  });
});
