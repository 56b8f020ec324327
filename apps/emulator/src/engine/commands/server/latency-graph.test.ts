import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LATENCY GRAPH", () => {
  test("no samples for any event", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LATENCY", "GRAPH", "command")).toEqual(r.err(ERR.NO_LATENCY_SAMPLES("command")));
  });
});
