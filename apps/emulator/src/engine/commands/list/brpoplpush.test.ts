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

describe("BRPOPLPUSH", () => {
  test("moves at once, logged as RPOPLPUSH", ({ expect }) => {
    const effects: unknown[] = [];
    const t = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    t.run("RPUSH", "src", "a", "b");
    expect(t.run("BRPOPLPUSH", "src", "dst", "0")).toEqual(r.bulk("b"));
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["RPOPLPUSH", "src", "dst"] });
  });

  test("blocks until the source gets an element; nil on timeout", async ({ expect }) => {
    const t = createTestEngine();
    const pending = blocked(t, ["BRPOPLPUSH", "src", "dst", "0"]);
    t.run("LPUSH", "src", "x");
    expect(await pending).toEqual(r.bulk("x"));
    const timing = blocked(t, ["BRPOPLPUSH", "src", "dst", "2"]);
    t.clock.advance(2000);
    expect(await timing).toEqual(r.nil);
  });

  test.for([
    [["BRPOPLPUSH", "k", "d", "x"], ERR.TIMEOUT_NOT_FLOAT],
    [["BRPOPLPUSH", "s", "d", "0"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
