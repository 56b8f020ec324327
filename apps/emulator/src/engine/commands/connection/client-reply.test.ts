import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT REPLY", () => {
  test("the modes are checked here (the RESP connection drops the replies)", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "REPLY", "on")).toEqual(r.ok);
    expect(run("CLIENT", "REPLY", "OFF")).toEqual(r.ok);
    expect(run("CLIENT", "REPLY", "foo")).toEqual(r.err(ERR.SYNTAX));
  });
});
