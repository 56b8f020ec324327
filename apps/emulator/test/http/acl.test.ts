/**
 * ACL REST tokens (kv-rest-wire.md §4): ACL RESTTOKEN issues a token that runs commands as its ACL
 * user, is refused the rest with the service's NOPERM text, and is revoked by a password reset.
 */
import { describe, test } from "vitest";
import type { KvBackend } from "../../src/kv/backend.ts";
import { lookupCommand } from "../../src/kv/command-info.ts";
import { KvDatabase } from "../../src/kv/database.ts";
import {
  call,
  command,
  describeTransports,
  READ_ONLY_TOKEN,
  startEmulator,
  type TestEmulator,
} from "./fixtures/transports.ts";

const noPermission = (name: string): { error: string } => ({
  error: `NOPERM this user has no permissions to run the '${name}' command or its subcommand`,
});

async function issueToken(server: TestEmulator): Promise<string> {
  await command(server, ["ACL", "SETUSER", "alice", "on", ">secret", "~app:*", "+get", "+set"]);
  const response = await command(server, ["ACL", "RESTTOKEN", "alice", "secret"]);
  const { result } = response.json() as { result: string };
  return result;
}

describeTransports("ACL REST tokens (§4)", (kind) => {
  test("a token from ACL RESTTOKEN runs allowed commands as its user", async ({ expect }) => {
    await using server = await startEmulator(kind);
    // Given
    const token = await issueToken(server);
    // When
    const set = await command(server, ["SET", "app:1", "v"], { token });
    const get = await command(server, ["GET", "app:1"], { token });
    const whoami = await command(server, ["ACL", "WHOAMI"]);
    // Then
    expect(set.json()).toEqual({ result: "OK" });
    expect(get.json()).toEqual({ result: "v" });
    expect(whoami.json()).toEqual({ result: "default" });
  });

  test("other commands get NOPERM, keys outside the patterns too", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const token = await issueToken(server);
    const del = await command(server, ["DEL", "app:1"], { token });
    expect(del.status).toBe(400);
    expect(del.json()).toEqual(noPermission("del"));
    const other = await command(server, ["GET", "secret:1"], { token });
    expect(other.json()).toEqual({ error: "NOPERM No permissions to access a key" });
    const pipeline = await call(server, "/pipeline", {
      token,
      body: [
        ["SET", "app:2", "x"],
        ["INCR", "app:2"],
      ],
    });
    expect(pipeline.json()).toEqual([{ result: "OK" }, noPermission("incr")]);
    const transaction = await call(server, "/multi-exec", {
      token,
      body: [["GET", "app:2"], ["FLUSHALL"]],
    });
    expect(transaction.json()).toEqual([{ result: "x" }, noPermission("flushall")]);
    // The Standard token is unaffected by the ACL token's requests.
    expect((await command(server, ["DEL", "app:2"])).json()).toEqual({ result: 1 });
  });

  test("wrong credentials give the service's error", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await issueToken(server);
    const response = await command(server, ["ACL", "RESTTOKEN", "alice", "nope"]);
    expect(response.json()).toEqual({
      error: 'ERR Wrong password or user "alice" does not exist',
    });
    const unknown = await command(server, ["ACL", "RESTTOKEN", "bob", "x"]);
    expect(unknown.json()).toEqual({ error: 'ERR Wrong password or user "bob" does not exist' });
  });

  test("resetTokens revokes ACL tokens", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const token = await issueToken(server);
    const database = server.emulator.databases.values().next().value;
    database?.resetTokens("new-token", "new-read-only-token");
    expect((await command(server, ["GET", "app:1"], { token })).status).toBe(401);
    expect((await command(server, ["PING"], { token: "new-token" })).json()).toEqual({
      result: "PONG",
    });
  });

  test("deleting the user revokes its tokens", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const token = await issueToken(server);
    await command(server, ["ACL", "DELUSER", "alice"]);
    expect((await command(server, ["GET", "app:1"], { token })).status).toBe(401);
  });

  test("the read-only token still reads and is refused writes", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await command(server, ["SET", "k", "v"]);
    const token = READ_ONLY_TOKEN;
    expect((await command(server, ["GET", "k"], { token })).json()).toEqual({ result: "v" });
    expect((await command(server, ["PING"], { token })).json()).toEqual({ result: "PONG" });
    expect((await command(server, ["SET", "k", "w"], { token })).json()).toEqual(
      noPermission("set"),
    );
    expect((await command(server, ["ACL", "WHOAMI"], { token })).json()).toEqual(
      noPermission("acl"),
    );
  });
});

describe("ACL RESTTOKEN over a proxied Redis", () => {
  test("is refused with a clear error", ({ expect }) => {
    // Given a database whose backend is not the embedded engine
    const backend = {} as KvBackend;
    const database = new KvDatabase({
      name: "p",
      backend,
      token: "t",
      readOnlyToken: "r",
      now: () => 0,
    });
    // When / Then
    expect(database.restRefusal(lookupCommand(["acl", "resttoken", "u", "p"]))).toBe(
      "ERR ACL RESTTOKEN is not available with a proxied Redis (--redis-url): use the embedded engine",
    );
    expect(database.restRefusal(lookupCommand(["GET"]))).toBeUndefined();
  });
});
