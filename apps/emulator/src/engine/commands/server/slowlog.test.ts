import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";
import { ERR } from "../errors.ts";

describe("SLOWLOG", () => {
  test("unknown subcommands point to SLOWLOG HELP", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SLOWLOG", "nope")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("nope", "SLOWLOG")));
  });
});
