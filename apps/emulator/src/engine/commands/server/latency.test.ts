import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LATENCY", () => {
  test("unknown subcommands point to LATENCY HELP", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LATENCY", "nope")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("nope", "LATENCY")));
  });
});
