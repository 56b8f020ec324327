import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CONFIG", () => {
  test("unknown subcommands point to CONFIG HELP", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CONFIG", "nope")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("nope", "CONFIG")));
  });
});
