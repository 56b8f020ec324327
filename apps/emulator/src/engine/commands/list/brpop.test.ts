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

describe("BRPOP", () => {
  test("pops the tail at once, logged as RPOP; deletes an emptied list", ({ expect }) => {
    const effects: unknown[] = [];
    const t = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    t.run("RPUSH", "k", "x", "y");
    expect(t.run("BRPOP", "k", "0")).toEqual(r.bulks("k", "y"));
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["RPOP", "k"] });
    t.run("BRPOP", "k", "0");
    expect(t.run("EXISTS", "k")).toEqual(r.int(0));
  });

  test("blocks until LPUSH and takes the tail", async ({ expect }) => {
    const t = createTestEngine();
    const pending = blocked(t, ["BRPOP", "k", "5"]);
    t.run("LPUSH", "k", "a");
    expect(await pending).toEqual(r.bulks("k", "a"));
  });

  test.for([
    [["BRPOP", "k", "x"], ERR.TIMEOUT_NOT_FLOAT],
    [["BRPOP", "s", "0"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
