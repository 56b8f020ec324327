import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT REPLY", () => {
  test("ON is accepted; OFF and SKIP are refused clearly", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "REPLY", "on")).toEqual(r.ok);
    expect(run("CLIENT", "REPLY", "OFF")).toEqual(r.err(ERR.CLIENT_UNSUPPORTED("REPLY OFF")));
    expect(run("CLIENT", "REPLY", "SKIP")).toEqual(r.err(ERR.CLIENT_UNSUPPORTED("REPLY SKIP")));
    expect(run("CLIENT", "REPLY", "foo")).toEqual(r.err(ERR.SYNTAX));
  });
});
