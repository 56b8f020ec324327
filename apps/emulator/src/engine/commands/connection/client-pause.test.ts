import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT PAUSE", () => {
  test.for([
    [["CLIENT", "PAUSE", "abc"], ERR.TIMEOUT_NOT_INTEGER],
    [["CLIENT", "PAUSE", "-1"], ERR.TIMEOUT_NEGATIVE],
    [["CLIENT", "PAUSE", "1", "foo"], ERR.CLIENT_PAUSE_MODE],
    [["CLIENT", "PAUSE", "abc", "foo"], ERR.CLIENT_PAUSE_MODE],
    [["CLIENT", "PAUSE", "1", "write", "x"], ERR.SUBCOMMAND_SYNTAX("pause", "CLIENT")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("WRITE holds writes until the timeout; reads pass", async ({ expect }) => {
    const { run, engine, clock, session } = createTestEngine();
    expect(run("CLIENT", "PAUSE", "100", "WRITE")).toEqual(r.ok);
    expect(engine.pauses.admit(session, false)).toBeUndefined();
    let isReleased = false;
    const held = engine.pauses.admit(session, true)?.then(() => {
      isReleased = true;
    });
    expect(held).toBeDefined();
    expect(session.isPaused).toBe(true);
    clock.advance(99);
    await Promise.resolve();
    expect(isReleased).toBe(false);
    clock.advance(1);
    await held;
    expect([isReleased, session.isPaused]).toEqual([true, false]);
  });

  test("ALL holds every command; UNPAUSE releases them; the stricter mode stays", async ({
    expect,
  }) => {
    const { run, engine, session } = createTestEngine();
    run("CLIENT", "PAUSE", "10000", "ALL");
    run("CLIENT", "PAUSE", "10", "WRITE");
    const held = engine.pauses.admit(session, false);
    expect(held).toBeDefined();
    run("CLIENT", "UNPAUSE");
    await held;
    expect(engine.pauses.admit(session, true)).toBeUndefined();
  });
});
