import { describe, test } from "vitest";
import type { Authenticator } from "../../auth.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const PASSWORDS: Authenticator = {
  hasDefaultPassword: true,
  hasUser: (user) => user === "default" || user === "alice",
  authenticate: (user, password) =>
    (user === "default" && password === "secret") || (user === "alice" && password === "pw"),
};

describe("AUTH", () => {
  test("without a configured password, AUTH <password> is an error and any user other than default fails", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    expect(run("AUTH", "x")).toEqual(r.err(ERR.AUTH_WITHOUT_PASSWORD));
    expect(run("AUTH", "default", "anything")).toEqual(r.ok);
    expect(run("AUTH", "bob", "x")).toEqual(r.err(ERR.WRONGPASS));
  });

  test("checks credentials with the installed authenticator", ({ expect }) => {
    const { run, engine, session } = createTestEngine();
    engine.authenticator = PASSWORDS;
    session.isAuthenticated = false;
    expect(run("AUTH", "wrong")).toEqual(r.err(ERR.WRONGPASS));
    expect(session.isAuthenticated).toBe(false);
    expect(run("AUTH", "secret")).toEqual(r.ok);
    expect(session.isAuthenticated).toBe(true);
    expect(run("AUTH", "alice", "pw")).toEqual(r.ok);
    expect(session.user).toBe("alice");
  });

  test("more than two arguments is a syntax error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("AUTH", "a", "b", "c")).toEqual(r.err(ERR.SYNTAX));
  });
});
