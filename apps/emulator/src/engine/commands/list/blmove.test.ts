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

describe("BLMOVE", () => {
  test("moves at once when the source has elements, logged as LMOVE", ({ expect }) => {
    const effects: unknown[] = [];
    const t = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    t.run("RPUSH", "src", "a", "b");
    expect(t.run("BLMOVE", "src", "dst", "right", "LEFT", "0")).toEqual(r.bulk("b"));
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["LMOVE", "src", "dst", "RIGHT", "LEFT"] });
  });

  test("blocks on the source, then moves", async ({ expect }) => {
    const t = createTestEngine();
    const pending = blocked(t, ["BLMOVE", "src", "dst", "LEFT", "RIGHT", "0"]);
    t.run("RPUSH", "src", "x");
    expect(await pending).toEqual(r.bulk("x"));
    expect(t.run("LRANGE", "dst", "0", "-1")).toEqual(r.bulks("x"));
    expect(t.run("EXISTS", "src")).toEqual(r.int(0));
  });

  test("times out with nil; MULTI answers nil at once", async ({ expect }) => {
    const t = createTestEngine();
    const pending = blocked(t, ["BLMOVE", "src", "dst", "LEFT", "RIGHT", "0.1"]);
    t.clock.advance(100);
    expect(await pending).toEqual(r.nil);
    expect(t.engine.exec([["BLMOVE", "src", "dst", "LEFT", "RIGHT", "0"]], t.session)).toEqual([
      r.nil,
    ]);
  });

  test.for([
    [["BLMOVE", "k", "d", "UP", "LEFT", "x"], ERR.SYNTAX],
    [["BLMOVE", "k", "d", "LEFT", "LEFT", "x"], ERR.TIMEOUT_NOT_FLOAT],
    [["BLMOVE", "k", "d", "LEFT", "LEFT", "-1"], ERR.TIMEOUT_NEGATIVE],
    [["BLMOVE", "s", "d", "LEFT", "LEFT", "0"], ERR.WRONGTYPE],
    [["BLMOVE", "k", "s", "LEFT", "LEFT", "0"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
