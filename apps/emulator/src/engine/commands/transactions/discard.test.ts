import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("DISCARD", () => {
  test("without a queueing connection there was no MULTI", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("DISCARD")).toEqual(r.err(ERR.DISCARD_WITHOUT_MULTI));
  });
});
