import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";
import { ERR } from "../errors.ts";

describe("EXEC", () => {
  test("without a queueing connection there was no MULTI", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("EXEC")).toEqual(r.err(ERR.EXEC_WITHOUT_MULTI));
  });
});
