import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT SETNAME", () => {
  test("names the connection; empty clears it", ({ expect }) => {
    const { run, session } = createTestEngine();
    expect(run("CLIENT", "SETNAME", "worker-1")).toEqual(r.ok);
    expect(session.name).toBe("worker-1");
    expect(run("CLIENT", "SETNAME", "")).toEqual(r.ok);
    expect(session.name).toBe("");
  });

  test.for(["a b", "a\nb", "caf\u00e9"])("%j is refused", (name, { expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "SETNAME", name)).toEqual(r.err(ERR.CLIENT_NAME_CHARS));
  });
});
