import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("MODULE HELP", () => {
  test("lists the subcommands", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("MODULE", "HELP");
    const lines = reply.kind === "array" ? reply.items : [];
    expect(lines).toContainEqual(r.simple("UNLOAD <name>"));
  });
});
