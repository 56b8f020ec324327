import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SCARD", () => {
  test("counts members; 0 for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "a", "b", "1");
    expect(run("SCARD", "s")).toEqual(r.int(3));
    expect(run("SCARD", "nokey")).toEqual(r.int(0));
  });

  test("a key with a TTL is gone once it expires", ({ expect }) => {
    const { run, engine, clock } = createTestEngine();
    run("SADD", "s", "a");
    engine.databases[0]?.setExpiresAt("s", clock.now() + 10);
    clock.advance(10);
    expect(run("SCARD", "s")).toEqual(r.int(0));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SCARD", "str")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
