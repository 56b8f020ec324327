import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SLOWLOG", () => {
  test("unknown subcommands point to SLOWLOG HELP", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SLOWLOG", "nope")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("nope", "SLOWLOG")));
  });
});
