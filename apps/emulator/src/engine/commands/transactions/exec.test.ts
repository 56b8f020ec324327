import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("EXEC", () => {
  test("without a queueing connection there was no MULTI", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("EXEC")).toEqual(r.err(ERR.EXEC_WITHOUT_MULTI));
  });
});
