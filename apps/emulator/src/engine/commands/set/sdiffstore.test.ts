import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SDIFFSTORE", () => {
  test("stores the difference and returns its size", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "a", "x", "y", "z");
    run("SADD", "b", "y");
    expect(run("SDIFFSTORE", "dst", "a", "b")).toEqual(r.int(2));
    expect(run("SMEMBERS", "dst")).toEqual(r.bulks("x", "z"));
  });

  test("an empty result deletes the destination and logs it", ({ expect }) => {
    const effects: { argv: readonly string[] }[] = [];
    const { run, engine } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("SADD", "dst", "x");
    run("SADD", "a", "y");
    effects.length = 0;
    expect(run("SDIFFSTORE", "dst", "a", "a")).toEqual(r.int(0));
    expect(engine.databases[0]?.has("dst")).toBe(false);
    expect(run("SDIFFSTORE", "dst", "a", "a")).toEqual(r.int(0));
    expect(effects.map((effect) => effect.argv)).toEqual([["SDIFFSTORE", "dst", "a", "a"]]);
  });

  test("WRONGTYPE if a source is not a set", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SDIFFSTORE", "dst", "str")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
