import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("XGROUP HELP", () => {
  test("lists the subcommands as simple strings", ({ expect }) => {
    const { run } = createTestEngine();
    const help = run("XGROUP", "help");
    expect(help).toMatchObject({ kind: "array" });
    const lines = help.kind === "array" ? help.items : [];
    expect(lines[0]).toEqual(
      r.simple("XGROUP <subcommand> [<arg> [value] [opt] ...]. Subcommands are:"),
    );
    expect(lines).toHaveLength(17);
    expect(lines.at(-1)).toEqual(r.simple("    Prints this help."));
  });

  test("unknown subcommands and extra arguments", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XGROUP", "FOO")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("FOO", "XGROUP")));
    expect(run("XGROUP", "HELP", "x")).toEqual(r.err(ERR.WRONG_ARITY("xgroup|help")));
  });
});
