import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT HELP", () => {
  test("lists the subcommands", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("CLIENT", "HELP");
    const lines = reply.kind === "array" ? reply.items : [];
    expect(lines[0]).toEqual(
      r.simple("CLIENT <subcommand> [<arg> [value] [opt] ...]. Subcommands are:"),
    );
    expect(lines).toContainEqual(r.simple("SETINFO <option> <value>"));
    expect(lines.at(-2)).toEqual(r.simple("HELP"));
  });
});
