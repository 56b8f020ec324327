import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("COMMAND COUNT", () => {
  test("the number of top-level commands", ({ expect }) => {
    const { run, engine } = createTestEngine();
    expect(run("COMMAND", "COUNT")).toEqual(r.int(engine.commands.size));
  });
});
