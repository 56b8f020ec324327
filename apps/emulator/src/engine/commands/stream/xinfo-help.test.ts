import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("XINFO HELP", () => {
  test("lists the subcommands as simple strings", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XINFO", "HELP")).toEqual(
      r.arr(
        ...[
          "XINFO <subcommand> [<arg> [value] [opt] ...]. Subcommands are:",
          "CONSUMERS <key> <groupname>",
          "    Show consumers of <groupname>.",
          "GROUPS <key>",
          "    Show the stream consumer groups.",
          "STREAM <key> [FULL [COUNT <count>]",
          "    Show information about the stream.",
          "HELP",
          "    Prints this help.",
        ].map((line) => r.simple(line)),
      ),
    );
  });

  test("unknown subcommands", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XINFO", "foo", "s")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("foo", "XINFO")));
  });
});
