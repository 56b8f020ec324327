/**
 * AUTH over RESP with a connection authenticator installed: its own credentials still work, and
 * `AUTH username password` of an ACL user (ACL SETUSER) runs the connection as that user.
 */
import { test } from "vitest";
import { Engine } from "../../src/engine/index.ts";
import { KvDatabase } from "../../src/kv/database.ts";
import { MemoryBackend } from "../../src/kv/memory/memory-backend.ts";
import { startRespServer } from "../../src/resp/server.ts";
import { tokenAuthenticator } from "../../src/resp/token-auth.ts";
import { show } from "../differential/harness.ts";
import { RespClient } from "../support/resp-client.ts";

/** A RESP listener on the embedded engine whose connections must `AUTH` with the password `token`. */
async function startGuardedServer(): Promise<{ port: number } & AsyncDisposable> {
  const engine = new Engine();
  const backend = new MemoryBackend(engine);
  const server = await startRespServer({
    backend,
    host: "127.0.0.1",
    port: 0,
    onError: (error) => {
      throw error;
    },
    authenticate: tokenAuthenticator(
      new Map([
        [
          "default",
          new KvDatabase({
            name: "default",
            backend,
            token: "token",
            readOnlyToken: "read-only-token",
            now: () => 0,
          }),
        ],
      ]),
    ),
  });
  return {
    port: server.port,
    async [Symbol.asyncDispose]() {
      await server.close();
      await backend.close();
      engine.close();
    },
  };
}

test("AUTH falls back to the backend's ACL users", async ({ expect }) => {
  // Given a listener that requires the token as password
  await using server = await startGuardedServer();
  const admin = await RespClient.connect(server.port);
  const client = await RespClient.connect(server.port);
  try {
    expect(show(await admin.call("AUTH", "token"))).toBe("+OK");
    await admin.call("ACL", "SETUSER", "alice", "on", ">pw", "~k*", "+get");
    // When / Then
    expect(show(await client.call("GET", "k"))).toBe("-NOAUTH Authentication required.");
    expect(show(await client.call("AUTH", "alice", "nope"))).toBe(
      "-WRONGPASS invalid username-password pair or user is disabled.",
    );
    expect(show(await client.call("AUTH", "alice", "pw"))).toBe("+OK");
    expect(show(await client.call("GET", "k1"))).toBeNull();
    expect(show(await client.call("SET", "k1", "v"))).toBe(
      "-NOPERM User alice has no permissions to run the 'set' command",
    );
  } finally {
    await Promise.all([admin.close(), client.close()]);
  }
});

test("commands flagged no_auth run before AUTH, as in Redis; the rest are refused", async ({
  expect,
}) => {
  // Given a listener that requires a password (the table's `no_auth` flag decides, src/server.c)
  await using server = await startGuardedServer();
  const client = await RespClient.connect(server.port);
  try {
    // When / Then: redis-server 7.0 with requirepass answers the same
    expect(show(await client.call("PING"))).toBe("-NOAUTH Authentication required.");
    expect(show(await client.call("RESET"))).toBe("+RESET");
    expect(show(await client.call("GET", "k"))).toBe("-NOAUTH Authentication required.");
    expect(show(await client.call("AUTH", "token"))).toBe("+OK");
    expect(show(await client.call("PING"))).toBe("+PONG");
  } finally {
    await client.close();
  }
});
