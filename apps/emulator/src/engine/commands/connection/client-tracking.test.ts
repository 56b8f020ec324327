import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT TRACKING", () => {
  test("OFF is accepted; ON is refused clearly; bad options are syntax errors", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "TRACKING", "off")).toEqual(r.ok);
    expect(run("CLIENT", "TRACKING", "ON", "BCAST", "PREFIX", "a:")).toEqual(
      r.err(ERR.CLIENT_UNSUPPORTED("TRACKING")),
    );
    expect(run("CLIENT", "TRACKING", "foo")).toEqual(r.err(ERR.SYNTAX));
    expect(run("CLIENT", "TRACKING", "ON", "REDIRECT")).toEqual(r.err(ERR.SYNTAX));
  });
});
