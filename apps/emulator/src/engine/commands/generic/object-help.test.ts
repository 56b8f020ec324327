import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("OBJECT HELP", () => {
  test("lists the subcommands", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("OBJECT", "HELP");
    expect(reply.kind).toBe("array");
    const lines = reply.kind === "array" ? reply.items : [];
    expect(lines[0]).toEqual(
      r.simple("OBJECT <subcommand> [<arg> [value] [opt] ...]. Subcommands are:"),
    );
    expect(lines).toContainEqual(r.simple("FREQ <key>"));
    expect(lines.at(-1)).toEqual(r.simple("    Print this help."));
  });
});
