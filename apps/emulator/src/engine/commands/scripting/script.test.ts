import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SCRIPT", () => {
  test("unknown subcommands and missing arguments", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SCRIPT", "foo")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("foo", "SCRIPT")));
    expect(run("SCRIPT", "LOAD")).toEqual(r.err(ERR.WRONG_ARITY("script|load")));
    expect(run("SCRIPT", "EXISTS")).toEqual(r.err(ERR.WRONG_ARITY("script|exists")));
  });
});
