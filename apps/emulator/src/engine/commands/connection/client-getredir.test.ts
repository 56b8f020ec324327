import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT GETREDIR", () => {
  test("-1 when tracking is off, 0 without REDIRECT, else the target's id", ({ expect }) => {
    const { run, engine } = createTestEngine();
    const target = engine.createSession({ address: "127.0.0.1:9" });
    expect(run("CLIENT", "GETREDIR")).toEqual(r.int(-1));
    run("CLIENT", "TRACKING", "ON");
    expect(run("CLIENT", "GETREDIR")).toEqual(r.int(0));
    run("CLIENT", "TRACKING", "ON", "REDIRECT", String(target.id));
    expect(run("CLIENT", "GETREDIR")).toEqual(r.int(target.id));
  });
});
