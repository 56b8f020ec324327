import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("PEXPIREAT", () => {
  test("expires at an absolute Unix time in milliseconds", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "v");
    const at = clock.now() + 250;
    expect(run("PEXPIREAT", "k", String(at))).toEqual(r.int(1));
    expect(run("PEXPIRETIME", "k")).toEqual(r.int(at));
    clock.advance(250);
    expect(run("EXISTS", "k")).toEqual(r.int(0));
  });

  test("logs itself unchanged", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, clock } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("SET", "k", "v");
    const at = String(clock.now() + 100);
    run("PEXPIREAT", "k", at);
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["PEXPIREAT", "k", at] });
  });

  test("missing key and errors", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("PEXPIREAT", "nope", "1")).toEqual(r.int(0));
    expect(run("PEXPIREAT", "k", "x")).toEqual(r.err(ERR.NOT_INTEGER));
    expect(run("PEXPIREAT", "k", "1", "LT", "GT")).toEqual(r.err(ERR.EXPIRE_GT_AND_LT));
  });
});
