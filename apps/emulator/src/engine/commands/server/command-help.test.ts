import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("COMMAND HELP", () => {
  test("lists the subcommands", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("COMMAND", "HELP");
    const lines = reply.kind === "array" ? reply.items : [];
    expect(lines[0]).toEqual(
      r.simple("COMMAND <subcommand> [<arg> [value] [opt] ...]. Subcommands are:"),
    );
    expect(lines).toContainEqual(r.simple("GETKEYSANDFLAGS <full-command>"));
  });
});
