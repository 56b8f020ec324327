import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";
import { ERR } from "../errors.ts";

describe("LATENCY", () => {
  test("unknown subcommands point to LATENCY HELP", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LATENCY", "nope")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("nope", "LATENCY")));
  });
});
