import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { REDIS_VERSION } from "../../info.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HELLO", () => {
  test("describes the server as a flat map in RESP2", ({ expect }) => {
    const { run, session } = createTestEngine();
    const expected = r.arr(
      r.bulk("server"),
      r.bulk("redis"),
      r.bulk("version"),
      r.bulk(REDIS_VERSION),
      r.bulk("proto"),
      r.int(2),
      r.bulk("id"),
      r.int(session.id),
      r.bulk("mode"),
      r.bulk("standalone"),
      r.bulk("role"),
      r.bulk("master"),
      r.bulk("modules"),
      r.arr(),
    );
    expect(run("HELLO")).toEqual(expected);
    expect(run("HELLO", "2")).toEqual(expected);
  });

  test("AUTH and SETNAME", ({ expect }) => {
    const { run, session, engine } = createTestEngine();
    engine.authenticator = {
      hasDefaultPassword: true,
      hasUser: () => true,
      authenticate: (user, password) => user === "alice" && password === "pw",
    };
    session.isAuthenticated = false;
    expect(run("HELLO", "2")).toEqual(r.err(ERR.HELLO_NOAUTH));
    expect(run("HELLO", "2", "AUTH", "alice", "bad")).toEqual(r.err(ERR.WRONGPASS));
    expect(run("HELLO", "2", "setname", "conn", "AUTH", "alice", "pw").kind).toBe("array");
    expect(session.user).toBe("alice");
    expect(session.name).toBe("conn");
  });

  test.for([
    [["HELLO", "3"], ERR.NOPROTO],
    [["HELLO", "4"], ERR.NOPROTO],
    [["HELLO", "1"], ERR.NOPROTO],
    [["HELLO", "abc"], ERR.PROTOCOL_NOT_INTEGER],
    [["HELLO", "2", "foo"], ERR.HELLO_SYNTAX("foo")],
    [["HELLO", "2", "AUTH", "x"], ERR.HELLO_SYNTAX("AUTH")],
    [["HELLO", "2", "SETNAME"], ERR.HELLO_SYNTAX("SETNAME")],
    [["HELLO", "2", "SETNAME", "a b"], ERR.CLIENT_NAME_CHARS],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run, session } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
    expect(session.name).toBe("");
  });
});
