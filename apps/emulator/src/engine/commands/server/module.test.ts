import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("MODULE", () => {
  test("unknown subcommands point to MODULE HELP", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("MODULE", "nope")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("nope", "MODULE")));
  });
});
