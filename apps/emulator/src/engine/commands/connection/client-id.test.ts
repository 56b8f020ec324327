import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT ID", () => {
  test("the session's id", ({ expect }) => {
    const { run, session } = createTestEngine();
    expect(run("CLIENT", "ID")).toEqual(r.int(session.id));
  });
});
