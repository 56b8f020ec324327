import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CONFIG REWRITE", () => {
  test("there is no configuration file", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CONFIG", "REWRITE")).toEqual(r.err(ERR.NO_CONFIG_FILE));
  });
});
