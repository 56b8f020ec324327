import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("CONFIG RESETSTAT", () => {
  test("zeroes INFO's counters", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "k", "v");
    run("GET", "k");
    expect(run("CONFIG", "RESETSTAT")).toEqual(r.ok);
    expect(engine.stats.commandsProcessed).toBe(0);
    expect(engine.stats.totalConnections).toBe(0);
  });
});
