import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("LATENCY HELP", () => {
  test("lists the subcommands", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("LATENCY", "HELP");
    const lines = reply.kind === "array" ? reply.items : [];
    expect(lines[0]).toEqual(
      r.simple("LATENCY <subcommand> [<arg> [value] [opt] ...]. Subcommands are:"),
    );
    expect(lines).toContainEqual(r.simple("HISTORY <event>"));
  });
});
