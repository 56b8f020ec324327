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

describe("BZMPOP", () => {
  test("pops at once, logged as ZPOPMIN with a count", ({ expect }) => {
    const effects: unknown[] = [];
    const t = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    t.run("ZADD", "z", "1", "a", "2", "b");
    expect(t.run("BZMPOP", "0", "1", "z", "MIN", "COUNT", "2")).toEqual(
      r.arr(r.bulk("z"), r.arr(r.bulks("a", "1"), r.bulks("b", "2"))),
    );
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["ZPOPMIN", "z", "2"] });
  });

  test("blocks until a member arrives; a null array on timeout", async ({ expect }) => {
    const t = createTestEngine();
    const pending = blocked(t, ["BZMPOP", "0", "2", "a", "b", "MAX"]);
    t.run("ZADD", "b", "2", "y");
    expect(await pending).toEqual(r.arr(r.bulk("b"), r.arr(r.bulks("y", "2"))));
    const timing = blocked(t, ["BZMPOP", "2", "1", "a", "MAX"]);
    t.clock.advance(2000);
    expect(await timing).toEqual(r.nilArray);
  });

  test.for([
    [["BZMPOP", "x", "0", "z", "MIN"], ERR.NUMKEYS_NOT_POSITIVE],
    [["BZMPOP", "x", "1", "z", "UP"], ERR.SYNTAX],
    [["BZMPOP", "x", "1", "z", "MIN"], ERR.TIMEOUT_NOT_FLOAT],
    [["BZMPOP", "0", "1", "s", "MIN"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
