import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SCRIPT DEBUG", () => {
  test("NO is accepted; the interactive debugger is not available", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SCRIPT", "DEBUG", "no")).toEqual(r.ok);
    expect(run("SCRIPT", "DEBUG", "YES")).toEqual(r.err(ERR.SCRIPT_DEBUG_UNSUPPORTED));
    expect(run("SCRIPT", "DEBUG", "sync")).toEqual(r.err(ERR.SCRIPT_DEBUG_UNSUPPORTED));
    expect(run("SCRIPT", "DEBUG", "maybe")).toEqual(r.err(ERR.SCRIPT_DEBUG_OPTION));
  });
});
