import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("MEMORY", () => {
  test("unknown subcommands point to MEMORY HELP", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("MEMORY", "nope")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("nope", "MEMORY")));
  });
});
