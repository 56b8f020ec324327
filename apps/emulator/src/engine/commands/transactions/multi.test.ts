import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("MULTI", () => {
  test("OK where no connection queues; nested inside EXEC", ({ expect }) => {
    const { run, engine, session } = createTestEngine();
    expect(run("MULTI")).toEqual(r.ok);
    expect(engine.exec([["MULTI"]], session)).toEqual([r.err(ERR.MULTI_NESTED)]);
  });
});
