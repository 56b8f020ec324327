import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("SCRIPT HELP", () => {
  test("lists the subcommands", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("SCRIPT", "HELP");
    expect(reply.kind).toBe("array");
    if (reply.kind === "array") {
      expect(reply.items[0]).toEqual(
        r.simple("SCRIPT <subcommand> [<arg> [value] [opt] ...]. Subcommands are:"),
      );
      expect(reply.items).toContainEqual(r.simple("LOAD <script>"));
      expect(reply.items).toHaveLength(17);
    }
  });
});
