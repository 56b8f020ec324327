import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("PUBSUB", () => {
  test("unknown subcommands point to PUBSUB HELP", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("PUBSUB", "nope")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("nope", "PUBSUB")));
  });
});
