import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT CACHING", () => {
  test("needs tracking mode, which is never on", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "CACHING", "yes")).toEqual(r.err(ERR.CLIENT_CACHING_WITHOUT_TRACKING));
  });
});
