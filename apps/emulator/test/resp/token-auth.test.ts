/**
 * The RESP port authenticates like the service: `AUTH <token>`, `AUTH default <token>` and
 * `HELLO 2 AUTH default <token>` with a database's Standard or Read Only token, the token picking
 * the database; nothing else runs before (`NOAUTH`). `respAuth: "none"` opens the port.
 */
import { Redis } from "ioredis";
import { describe, test } from "vitest";
import { createEmulator } from "../../src/emulator.ts";
import { show } from "../differential/harness.ts";
import { RespClient } from "../support/resp-client.ts";
import { startRespEmulator, TOKEN } from "./fixtures.ts";

const NOAUTH = "-NOAUTH Authentication required.";
const WRONGPASS = "-WRONGPASS invalid username-password pair or user is disabled.";

describe("the RESP port requires a token", () => {
  test("only AUTH, HELLO, QUIT and RESET run before AUTH", async ({ expect }) => {
    await using server = await startRespEmulator();
    const client = await RespClient.connect(server.port);
    try {
      expect(show(await client.call("PING"))).toBe(NOAUTH);
      expect(show(await client.call("GET", "k"))).toBe(NOAUTH);
      expect(show(await client.call("CLIENT", "LIST"))).toBe(NOAUTH);
      expect(show(await client.call("RESET"))).toBe("+RESET");
      expect(show(await client.call("HELLO", "2"))).toBe(
        "-NOAUTH HELLO must be called with the client already authenticated, otherwise the HELLO <proto> AUTH <user> <pass> option can be used to authenticate the client and select the RESP protocol version at the same time",
      );
      expect(show(await client.call("AUTH", "wrong"))).toBe(WRONGPASS);
      // The token-only users: no password of theirs lets anyone in.
      expect(show(await client.call("AUTH", "default", "x"))).toBe(WRONGPASS);
      expect(show(await client.call("AUTH", "default_ro", "x"))).toBe(WRONGPASS);
      expect(show(await client.call("GET", "k"))).toBe(NOAUTH);
      expect(show(await client.call("AUTH", TOKEN))).toBe("+OK");
      expect(show(await client.call("PING"))).toBe("+PONG");
    } finally {
      await client.close();
    }
  });

  test("before AUTH, an unknown command and a wrong arity get Redis's errors, not NOAUTH", async ({
    expect,
  }) => {
    // redis-server 7.0 with requirepass answers these (processCommand looks the command up and
    // checks its arity before authentication).
    await using server = await startRespEmulator();
    const client = await RespClient.connect(server.port);
    try {
      expect(show(await client.call("FOO", "a", "b"))).toBe(
        "-ERR unknown command 'FOO', with args beginning with: 'a' 'b' ",
      );
      expect(show(await client.call("GET"))).toBe(
        "-ERR wrong number of arguments for 'get' command",
      );
      expect(show(await client.call("CLIENT", "FOO"))).toBe(
        "-ERR unknown subcommand 'FOO'. Try CLIENT HELP.",
      );
      expect(show(await client.call("CLIENT"))).toBe(
        "-ERR wrong number of arguments for 'client' command",
      );
      expect(show(await client.call("AUTH"))).toBe(
        "-ERR wrong number of arguments for 'auth' command",
      );
      expect(show(await client.call("GET", "k"))).toBe(NOAUTH);
    } finally {
      await client.close();
    }
  });

  test("AUTH default <token> and HELLO … AUTH default <token> authenticate", async ({ expect }) => {
    await using server = await startRespEmulator();
    const first = await RespClient.connect(server.port);
    const second = await RespClient.connect(server.port);
    try {
      expect(show(await first.call("AUTH", "default", TOKEN))).toBe("+OK");
      expect(show(await first.call("SET", "k", "v"))).toBe("+OK");
      expect(show(await second.call("HELLO", "2", "AUTH", "default", "nope"))).toBe(WRONGPASS);
      expect(show(await second.call("HELLO", "4", "AUTH", "default", TOKEN))).toBe(
        "-NOPROTO unsupported protocol version",
      );
      const hello = show(
        await second.call("HELLO", "2", "AUTH", "default", TOKEN, "SETNAME", "app"),
      );
      expect(hello).toEqual(expect.arrayContaining(["server", "redis", "proto", 2]));
      expect(show(await second.call("GET", "k"))).toBe("v");
      expect(show(await second.call("CLIENT", "GETNAME"))).toBe("app");
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  test("the Read Only token reads, and is refused writes with REST's text", async ({ expect }) => {
    await using server = await startRespEmulator();
    const { readOnlyToken } = server.emulator;
    await server.rest(["SET", "k", "v"]);
    const client = await RespClient.connect(server.port);
    try {
      expect(show(await client.call("AUTH", readOnlyToken))).toBe("+OK");
      expect(show(await client.call("GET", "k"))).toBe("v");
      const restError = async (argv: readonly string[]): Promise<string> => {
        const response = await fetch(server.emulator.url, {
          method: "POST",
          headers: { authorization: `Bearer ${readOnlyToken}` },
          body: JSON.stringify(argv),
        });
        return `-${((await response.json()) as { error: string }).error}`;
      };
      expect(show(await client.call("SET", "k", "w"))).toBe(await restError(["SET", "k", "w"]));
      // A script's writes are refused too, as over REST: the session acts as the read-only user.
      const script = ["EVAL_RO", "return redis.call('SET', 'k', 'w')", "1", "k"];
      const refusal = show(await client.call(...script));
      expect(refusal).toMatch(/^-ERR/);
      expect(refusal).toBe(await restError(script));
      expect(show(await client.call("GET", "k"))).toBe("v");
    } finally {
      await client.close();
    }
  });

  test("RESET logs the connection out", async ({ expect }) => {
    await using server = await startRespEmulator();
    const client = await RespClient.connect(server.port);
    try {
      expect(show(await client.call("AUTH", TOKEN))).toBe("+OK");
      expect(show(await client.call("RESET"))).toBe("+RESET");
      expect(show(await client.call("GET", "k"))).toBe(NOAUTH);
    } finally {
      await client.close();
    }
  });

  test("one port serves every database: the token picks it", async ({ expect }) => {
    await using server = await startRespEmulator();
    const { emulator } = server;
    const created = await emulator.fetch(`${emulator.url}/v2/redis/database`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${emulator.email}:${emulator.apiKey}`).toString("base64")}`,
      },
      body: JSON.stringify({
        database_name: "cache",
        platform: "aws",
        primary_region: "us-east-1",
      }),
    });
    const cache = (await created.json()) as {
      rest_url: string;
      rest_token: string;
      password: string;
    };
    const onDefault = server.client();
    const onCache = server.client({ password: cache.password });
    await onDefault.set("k", "default's");
    await onCache.set("k", "cache's");
    expect(await onDefault.get("k")).toBe("default's");
    expect(await onCache.get("k")).toBe("cache's");
    const overRest = await fetch(`${cache.rest_url}/get/k`, {
      headers: { authorization: `Bearer ${cache.rest_token}` },
    }).then((response) => response.json());
    expect(overRest).toEqual({ result: "cache's" });
    // A connection moves to another database when it authenticates with that one's token.
    expect(await onDefault.auth(cache.password)).toBe("OK");
    expect(await onDefault.get("k")).toBe("cache's");
  });

  test("ACL users: their password, and a token from ACL RESTTOKEN, act as them", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const admin = server.client();
    await admin.call("ACL", "SETUSER", "alice", "on", ">secret", "~app:*", "+get", "+set");
    const restToken = String(await admin.call("ACL", "RESTTOKEN", "alice", "secret"));
    for (const password of ["secret", restToken]) {
      const alice = server.client({ username: "alice", password });
      expect(await alice.set("app:1", "x")).toBe("OK");
      expect(await alice.call("ACL", "WHOAMI").catch((error: Error) => error.message)).toBe(
        "NOPERM User alice has no permissions to run the 'acl|whoami' command",
      );
      alice.disconnect();
    }
    // The RESTTOKEN token alone (as `default`'s password) acts as alice as well.
    const byToken = server.client({ password: restToken });
    expect(await byToken.get("app:1")).toBe("x");
    await expect(byToken.del("app:1")).rejects.toThrow(/NOPERM User alice/);
  });

  test("the emulator's redisUrl connects as is", async ({ expect }) => {
    await using server = await startRespEmulator();
    const { redisUrl } = server.emulator;
    expect(redisUrl).toBe(`redis://default:${TOKEN}@127.0.0.1:${server.port}`);
    const client = new Redis(redisUrl ?? "", { maxRetriesPerRequest: 0 });
    try {
      expect(await client.ping()).toBe("PONG");
    } finally {
      client.disconnect();
    }
  });
});

test("respAuth none opens the port on the default database, as a plain local Redis", async ({
  expect,
}) => {
  await using emulator = await createEmulator({ port: 0, respPort: 0, respAuth: "none" });
  expect(emulator.redisUrl).toBe(`redis://${emulator.respAddress}`);
  const client = await RespClient.connect(Number(emulator.respAddress?.split(":").at(-1)));
  try {
    expect(show(await client.call("SET", "k", "v"))).toBe("+OK");
    // As on a redis-server without requirepass.
    expect(show(await client.call("AUTH", "x"))).toMatch(/^-ERR AUTH <password> called without/);
  } finally {
    await client.close();
  }
  const overRest = await emulator.fetch(emulator.url, {
    method: "POST",
    headers: { authorization: `Bearer ${emulator.token}` },
    body: JSON.stringify(["GET", "k"]),
  });
  expect(await overRest.json()).toEqual({ result: "v" });
});
