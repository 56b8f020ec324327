import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

import { ERR } from "../errors.ts";

describe("PUBSUB", () => {
  test("unknown subcommands point to PUBSUB HELP", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("PUBSUB", "nope")).toEqual(r.err(ERR.UNKNOWN_SUBCOMMAND("nope", "PUBSUB")));
  });
});
