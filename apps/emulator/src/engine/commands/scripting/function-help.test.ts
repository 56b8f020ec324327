import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("FUNCTION HELP", () => {
  test("lists the subcommands", ({ expect }) => {
    const { run } = createTestEngine();
    const reply = run("FUNCTION", "HELP");
    expect(reply.kind).toBe("array");
    if (reply.kind === "array") {
      expect(reply.items[0]).toEqual(
        r.simple("FUNCTION <subcommand> [<arg> [value] [opt] ...]. Subcommands are:"),
      );
      expect(reply.items).toContainEqual(r.simple("LOAD [REPLACE] <FUNCTION CODE>"));
      expect(reply.items).toHaveLength(40);
    }
  });
});
