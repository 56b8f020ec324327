import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT KILL", () => {
  test("the old form kills by address, itself included", ({ expect }) => {
    const { run, engine, session } = createTestEngine();
    const other = engine.createSession({ address: "10.0.0.1:5" });
    expect(run("CLIENT", "KILL", "10.0.0.1:5")).toEqual(r.ok);
    expect(other.isKilled).toBe(true);
    expect(run("CLIENT", "KILL", "1.2.3.4:5")).toEqual(r.err(ERR.NO_SUCH_CLIENT));
    expect(run("CLIENT", "KILL", session.address)).toEqual(r.ok);
    expect(session.isKilled).toBe(true);
  });

  test("filters combine; SKIPME defaults to yes", ({ expect }) => {
    const { run, engine, session } = createTestEngine();
    const a = engine.createSession({ address: "10.0.0.1:5" });
    const b = engine.createSession({ address: "10.0.0.2:6", push: () => undefined });
    engine.execute(["SUBSCRIBE", "c"], b);
    expect(run("CLIENT", "KILL", "TYPE", "pubsub")).toEqual(r.int(1));
    expect(b.isKilled).toBe(true);
    expect(run("CLIENT", "KILL", "ID", String(a.id), "ADDR", "wrong:1")).toEqual(r.int(0));
    expect(run("CLIENT", "KILL", "USER", "default")).toEqual(r.int(2));
    expect(a.isKilled).toBe(true);
    expect(session.isKilled).toBe(false);
    expect(run("CLIENT", "KILL", "ID", String(session.id), "SKIPME", "no")).toEqual(r.int(1));
    expect(session.isKilled).toBe(true);
  });

  test("MAXAGE kills connections at least that old", ({ expect }) => {
    const { run, engine, clock } = createTestEngine();
    clock.advance(10_000);
    const young = engine.createSession({ address: "y:1" });
    expect(run("CLIENT", "KILL", "MAXAGE", "5", "SKIPME", "no")).toEqual(r.int(1));
    expect(young.isKilled).toBe(false);
  });

  test.for([
    [["CLIENT", "KILL", "ID", "abc"], ERR.CLIENT_ID_NOT_POSITIVE],
    [["CLIENT", "KILL", "ID", "0"], ERR.CLIENT_ID_NOT_POSITIVE],
    [["CLIENT", "KILL", "TYPE", "foo"], ERR.UNKNOWN_CLIENT_TYPE("foo")],
    [["CLIENT", "KILL", "USER", "nobody"], ERR.NO_SUCH_USER("nobody")],
    [["CLIENT", "KILL", "SKIPME", "maybe"], ERR.SYNTAX],
    [["CLIENT", "KILL", "FOO", "bar"], ERR.SYNTAX],
    [["CLIENT", "KILL", "ID", "1", "TYPE"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
