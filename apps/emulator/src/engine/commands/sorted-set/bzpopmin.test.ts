import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r, type TestEngine } from "../../test-support.ts";

function blocked(t: TestEngine, argv: string[]): Promise<Reply> {
  const result = t.execute(...argv);
  if (result.kind !== "blocked") {
    throw new Error(`${argv.join(" ")} did not block`);
  }
  return t.engine.waitFor(result, argv, t.session);
}

describe("BZPOPMIN", () => {
  test("pops at once from the first non-empty set, logged as ZPOPMIN", ({ expect }) => {
    const effects: unknown[] = [];
    const t = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    t.run("ZADD", "z", "1", "a", "2", "b");
    expect(t.run("BZPOPMIN", "missing", "z", "0")).toEqual(r.bulks("z", "a", "1"));
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["ZPOPMIN", "z"] });
  });

  test("blocks until a ZADD; a null array on timeout or in MULTI", async ({ expect }) => {
    const t = createTestEngine();
    const pending = blocked(t, ["BZPOPMIN", "z", "0"]);
    t.run("ZADD", "z", "7", "x");
    expect(await pending).toEqual(r.bulks("z", "x", "7"));
    const timing = blocked(t, ["BZPOPMIN", "z", "0.5"]);
    t.clock.advance(500);
    expect(await timing).toEqual(r.nilArray);
    expect(t.engine.exec([["BZPOPMIN", "z", "0"]], t.session)).toEqual([r.nilArray]);
  });

  test.for([
    [["BZPOPMIN", "z", "x"], ERR.TIMEOUT_NOT_FLOAT],
    [["BZPOPMIN", "z", "-1"], ERR.TIMEOUT_NEGATIVE],
    [["BZPOPMIN", "s", "0"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
