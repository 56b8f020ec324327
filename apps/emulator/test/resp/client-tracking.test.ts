/**
 * Client-side caching and the client commands over the token-authenticated port, with real
 * clients: node-redis's own client-side cache (RESP3) and its `invalidate` events, ioredis with a
 * RESP2 redirect to a subscriber, and writes from REST, /pipeline, /multi-exec and scripts; CLIENT
 * REPLY, PAUSE and UNBLOCK as they act on the wire.
 */
import { once } from "node:events";
import { createClient } from "redis";
import { describe, test } from "vitest";
import { startRespEmulator, TOKEN } from "./fixtures.ts";

/** POSTs a REST body to `path` (the root, /pipeline, /multi-exec) as the Standard token. */
async function restPost(url: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(new URL(path, url), {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body),
  });
  return response.json();
}

describe("client-side caching", () => {
  test("node-redis's client-side cache (RESP3) serves from cache until a REST write invalidates", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const client = createClient({
      url: `redis://default:${TOKEN}@127.0.0.1:${server.port}`,
      RESP: 3,
      clientSideCache: { ttl: 0, maxEntries: 0 },
    });
    await client.connect();
    try {
      const cache = client.clientSideCache;
      if (cache === undefined) {
        throw new Error("no client-side cache");
      }
      await client.set("k", "1");
      expect(await client.get("k")).toBe("1");
      expect(await client.get("k")).toBe("1");
      expect(cache.stats().hitCount).toBe(1);
      expect(String(await client.sendCommand(["CLIENT", "INFO"]))).toMatch(/ flags=t .* resp=3 /);

      const invalidated = once(cache, "invalidate");
      await server.rest(["SET", "k", "2"]);
      expect((await invalidated)[0]).toEqual(Buffer.from("k"));
      expect(await client.get("k")).toBe("2");
      expect(cache.stats().hitCount).toBe(1);
    } finally {
      client.destroy();
    }
  });

  test("node-redis `invalidate` events for writes from /pipeline, /multi-exec, a script and FLUSHALL", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const client = createClient({
      url: `redis://default:${TOKEN}@127.0.0.1:${server.port}`,
      RESP: 3,
      emitInvalidate: true,
    });
    const keys: (string | null)[] = [];
    let onKey: (() => void) | undefined;
    client.on("invalidate", (key: Buffer | null) => {
      keys.push(key === null ? null : key.toString());
      onKey?.();
    });
    const next = (count: number) =>
      new Promise<void>((resolve) => {
        onKey = () => {
          if (keys.length >= count) {
            resolve();
          }
        };
        onKey();
      });
    await client.connect();
    try {
      await client.sendCommand(["CLIENT", "TRACKING", "ON"]);
      await client.mGet(["a", "b", "c"]);
      await restPost(server.emulator.url, "/pipeline", [["SET", "a", "1"]]);
      await next(1);
      await restPost(server.emulator.url, "/multi-exec", [["SET", "b", "1"]]);
      await next(2);
      await server.rest(["EVAL", "redis.call('SET', KEYS[1], 'x')", "1", "c"]);
      await next(3);
      await client.get("a");
      await server.rest(["FLUSHALL"]);
      await next(4);
      expect(keys).toEqual(["a", "b", "c", null]);
    } finally {
      client.destroy();
    }
  });

  test("ioredis over RESP2: invalidations reach the redirect target on __redis__:invalidate", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const subscriber = server.client();
    const tracker = server.client();
    const id = Number(await subscriber.call("CLIENT", "ID"));
    await subscriber.subscribe("__redis__:invalidate");
    const received = once(subscriber, "messageBuffer");
    await tracker.call("CLIENT", "TRACKING", "ON", "REDIRECT", String(id));
    expect(await tracker.call("CLIENT", "GETREDIR")).toBe(id);
    await tracker.get("k");
    await server.rest(["SET", "k", "v"]);
    const [channel] = (await received) as [Buffer, unknown];
    expect(channel.toString()).toBe("__redis__:invalidate");
    expect(await server.client().info("clients")).toMatch(/tracking_clients:1\r\n/);
    const info = String(await tracker.call("CLIENT", "INFO"));
    expect(info).toMatch(new RegExp(` flags=t .* redir=${id} resp=2`));
  });
});

describe("pushes to a blocked connection", () => {
  test("a RESP3 client waiting in BLPOP gets its invalidations and messages at once", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const socket = await server.socket();
    socket.write("HELLO 3\r\nCLIENT TRACKING on\r\nGET k\r\nSUBSCRIBE ch\r\nBLPOP q 0\r\n");
    await socket.readUntil(/subscribe\r\n\$2\r\nch\r\n:1\r\n$/);
    socket.clear();
    const other = server.client();
    // Without the fix both would wait behind the BLPOP, which only the RPUSH below ends.
    expect(await other.publish("ch", "hi")).toBe(1);
    await server.rest(["SET", "k", "v"]);
    expect(await socket.readUntil(/invalidate/)).toBe(
      ">3\r\n$7\r\nmessage\r\n$2\r\nch\r\n$2\r\nhi\r\n" +
        ">2\r\n$10\r\ninvalidate\r\n*1\r\n$1\r\nk\r\n",
    );
    socket.clear();
    await other.rpush("q", "x");
    expect(await socket.readUntil(/x\r\n$/)).toBe("*2\r\n$1\r\nq\r\n$1\r\nx\r\n");
  });
});

describe("client commands on the wire", () => {
  test("CLIENT REPLY OFF, SKIP and ON drop exactly the replies Redis drops", async ({ expect }) => {
    await using server = await startRespEmulator();
    const socket = await server.socket();
    socket.write(
      "CLIENT REPLY OFF\r\nSET a 1\r\nCLIENT REPLY ON\r\n" +
        "CLIENT REPLY SKIP\r\nGET a\r\nECHO shown\r\n" +
        "CLIENT REPLY OFF\r\nCLIENT REPLY SKIP\r\nGET a\r\nCLIENT REPLY ON\r\nCLIENT REPLY bad\r\n",
    );
    expect(await socket.readUntil(/syntax error\r\n$/)).toBe(
      "+OK\r\n$5\r\nshown\r\n+OK\r\n-ERR syntax error\r\n",
    );
  });

  test("CLIENT PAUSE WRITE holds writes but not reads; UNPAUSE lets them run", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const admin = server.client();
    const writer = server.client();
    await admin.call("CLIENT", "PAUSE", "60000", "WRITE");
    let isWritten = false;
    const write = writer.set("k", "v").then(() => {
      isWritten = true;
    });
    // The writer shows the `b` flag once its SET is held.
    while (!/ flags=b .*cmd=set /.test(String(await admin.call("CLIENT", "LIST")))) {
      await admin.ping();
    }
    expect(await admin.get("k")).toBeNull();
    expect(isWritten).toBe(false);
    await admin.call("CLIENT", "UNPAUSE");
    await write;
    expect(await admin.get("k")).toBe("v");
  });

  test("CLIENT UNBLOCK ends another connection's BLPOP with a timeout or an error", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const admin = server.client();
    const blocked = server.client();
    const id = Number(await blocked.call("CLIENT", "ID"));
    const first = blocked.blpop("q", 0);
    while (!/blocked_clients:1\r\n/.test(await admin.info("clients"))) {
      await admin.ping();
    }
    expect(await admin.call("CLIENT", "UNBLOCK", String(id))).toBe(1);
    expect(await first).toBeNull();
    const second = blocked.blpop("q", 0);
    while (!/blocked_clients:1\r\n/.test(await admin.info("clients"))) {
      await admin.ping();
    }
    expect(await admin.call("CLIENT", "UNBLOCK", String(id), "ERROR")).toBe(1);
    await expect(second).rejects.toThrow("UNBLOCKED client unblocked via CLIENT UNBLOCK");
  });

  test("CLIENT KILL LADDR and CLIENT INFO's laddr name the listener", async ({ expect }) => {
    await using server = await startRespEmulator();
    const admin = server.client();
    const victim = server.client();
    await victim.ping();
    const laddr = `127.0.0.1:${server.port}`;
    expect(String(await admin.call("CLIENT", "INFO"))).toContain(` laddr=${laddr} `);
    const closed = once(victim, "end");
    expect(await admin.call("CLIENT", "KILL", "LADDR", "127.0.0.1:1")).toBe(0);
    expect(await admin.call("CLIENT", "KILL", "LADDR", laddr)).toBe(1);
    await closed;
  });
});
