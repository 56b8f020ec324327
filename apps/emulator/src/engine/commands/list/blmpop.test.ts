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

describe("BLMPOP", () => {
  test("pops at once when a list has elements, logged as LPOP with a count", ({ expect }) => {
    const effects: unknown[] = [];
    const t = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    t.run("RPUSH", "k", "a", "b", "c");
    expect(t.run("BLMPOP", "0", "1", "k", "LEFT", "COUNT", "2")).toEqual(
      r.arr(r.bulk("k"), r.bulks("a", "b")),
    );
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["LPOP", "k", "2"] });
  });

  test("blocks until one of the lists gets elements; null array on timeout", async ({ expect }) => {
    const t = createTestEngine();
    const pending = blocked(t, ["BLMPOP", "0", "2", "a", "b", "RIGHT", "COUNT", "5"]);
    t.run("RPUSH", "b", "x", "y");
    expect(await pending).toEqual(r.arr(r.bulk("b"), r.bulks("y", "x")));
    const timing = blocked(t, ["BLMPOP", "1", "1", "a", "LEFT"]);
    t.clock.advance(1000);
    expect(await timing).toEqual(r.nilArray);
  });

  test("COMMAND GETKEYS finds the keys after the timeout and numkeys", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("COMMAND", "GETKEYS", "BLMPOP", "0", "2", "a", "b", "LEFT")).toEqual(
      r.bulks("a", "b"),
    );
  });

  test.for([
    [["BLMPOP", "x", "0", "k", "LEFT"], ERR.NUMKEYS_NOT_POSITIVE],
    [["BLMPOP", "x", "1", "k", "UP"], ERR.SYNTAX],
    [["BLMPOP", "x", "1", "k", "LEFT"], ERR.TIMEOUT_NOT_FLOAT],
    [["BLMPOP", "-1", "1", "k", "LEFT"], ERR.TIMEOUT_NEGATIVE],
    [["BLMPOP", "0", "1", "s", "LEFT"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
