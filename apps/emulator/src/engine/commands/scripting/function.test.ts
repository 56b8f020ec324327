import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("FUNCTION", () => {
  test("unknown subcommands and missing arguments", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("FUNCTION", "foo")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("foo", "FUNCTION")));
    expect(run("FUNCTION", "LOAD")).toEqual(r.err(ERR.WRONG_ARITY("function|load")));
    expect(run("FCALL")).toEqual(r.err(ERR.WRONG_ARITY("fcall")));
  });
});
