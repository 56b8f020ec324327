/**
 * RESP3 after `HELLO 3`: the replies' bytes as redis-server 7.0 writes them (captured from
 * `redis-server` 7.0.15 with the same commands), pub/sub as pushes on a connection that keeps
 * running commands, RESET back to RESP2, and node-redis with `RESP: 3` and `RESP: 2`.
 */
import { createClient } from "redis";
import { describe, test } from "vitest";
import { RawSocket, startRespEmulator, TOKEN } from "./fixtures.ts";

/** Sends one command as a multibulk and resolves with its reply's bytes (one reply expected). */
async function call(socket: RawSocket, argv: readonly string[], replyEnd: RegExp): Promise<string> {
  socket.clear();
  socket.write(
    `*${argv.length}\r\n${argv.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join("")}`,
  );
  return socket.readUntil(replyEnd);
}

/** [command, redis-server 7.0.15's RESP3 reply]: each reply ends where its pattern says. */
const CASES: readonly (readonly [readonly string[], string])[] = [
  [["ZADD", "z", "1", "a", "2.5", "b"], ":2\r\n"],
  [
    ["ZRANGE", "z", "0", "-1", "WITHSCORES"],
    "*2\r\n*2\r\n$1\r\na\r\n,1\r\n*2\r\n$1\r\nb\r\n,2.5\r\n",
  ],
  [["ZSCORE", "z", "a"], ",1\r\n"],
  [["ZMSCORE", "z", "a", "x"], "*2\r\n,1\r\n_\r\n"],
  [["ZINCRBY", "z", "1", "a"], ",2\r\n"],
  [["ZADD", "z", "INCR", "1", "a"], ",3\r\n"],
  [["ZPOPMIN", "z"], "*2\r\n$1\r\nb\r\n,2.5\r\n"],
  [["ZADD", "z", "1", "a", "inf", "b"], ":1\r\n"],
  [["ZPOPMIN", "z", "1"], "*1\r\n*2\r\n$1\r\na\r\n,1\r\n"],
  [["ZUNION", "1", "z", "WITHSCORES"], "*1\r\n*2\r\n$1\r\nb\r\n,inf\r\n"],
  [["BZPOPMIN", "z", "0"], "*3\r\n$1\r\nz\r\n$1\r\nb\r\n,inf\r\n"],
  [["ZADD", "z", "1", "a"], ":1\r\n"],
  [["ZMPOP", "1", "z", "MIN"], "*2\r\n$1\r\nz\r\n*1\r\n*2\r\n$1\r\na\r\n,1\r\n"],
  [["HSET", "h", "f", "v"], ":1\r\n"],
  [["HRANDFIELD", "h", "1", "WITHVALUES"], "*1\r\n*2\r\n$1\r\nf\r\n$1\r\nv\r\n"],
  [["HGETALL", "h"], "%1\r\n$1\r\nf\r\n$1\r\nv\r\n"],
  [["GET", "nokey"], "_\r\n"],
  [["LPOP", "nolist"], "_\r\n"],
  [["SADD", "s", "x"], ":1\r\n"],
  [["SMEMBERS", "s"], "~1\r\n$1\r\nx\r\n"],
  [["SINTER", "s"], "~1\r\n$1\r\nx\r\n"],
  [["SPOP", "s", "1"], "~1\r\n$1\r\nx\r\n"],
  [["XADD", "st", "1-1", "f", "v"], "$3\r\n1-1\r\n"],
  [
    ["XREAD", "STREAMS", "st", "0"],
    "%1\r\n$2\r\nst\r\n*1\r\n*2\r\n$3\r\n1-1\r\n*2\r\n$1\r\nf\r\n$1\r\nv\r\n",
  ],
  [["XRANGE", "st", "-", "+"], "*1\r\n*2\r\n$3\r\n1-1\r\n*2\r\n$1\r\nf\r\n$1\r\nv\r\n"],
  [["CONFIG", "GET", "maxmemory"], "%1\r\n$9\r\nmaxmemory\r\n$1\r\n0\r\n"],
  [["INCRBYFLOAT", "n", "1.5"], "$3\r\n1.5\r\n"],
  [["HKEYS", "h"], "*1\r\n$1\r\nf\r\n"],
];

describe("RESP3", () => {
  test("HELLO 3 answers Redis's map and switches the connection", async ({ expect }) => {
    await using server = await startRespEmulator();
    const socket = await server.socket();
    const hello = await call(socket, ["HELLO", "3"], /\*0\r\n$/);
    expect(hello).toMatch(
      /^%7\r\n\$6\r\nserver\r\n\$5\r\nredis\r\n\$7\r\nversion\r\n\$\d+\r\n[\d.]+\r\n\$5\r\nproto\r\n:3\r\n\$2\r\nid\r\n:\d+\r\n\$4\r\nmode\r\n\$10\r\nstandalone\r\n\$4\r\nrole\r\n\$6\r\nmaster\r\n\$7\r\nmodules\r\n\*0\r\n$/,
    );
    for (const [argv, expected] of CASES) {
      expect([
        argv,
        await call(socket, argv, new RegExp(`^[\\s\\S]{${expected.length}}$`)),
      ]).toEqual([argv, expected]);
    }
    // RESET goes back to RESP2 (and, on this port, logs out)
    expect(await call(socket, ["RESET"], /\r\n$/)).toBe("+RESET\r\n");
    expect(await call(socket, ["AUTH", TOKEN], /\r\n$/)).toBe("+OK\r\n");
    expect(await call(socket, ["GET", "nokey"], /\r\n$/)).toBe("$-1\r\n");
    expect(await call(socket, ["HGETALL", "h"], /v\r\n$/)).toBe("*2\r\n$1\r\nf\r\n$1\r\nv\r\n");
  });

  test("HELLO 3 AUTH default <token> authenticates and switches in one step", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const fresh = await RawSocket.connect(server.port);
    try {
      const hello = await call(fresh, ["HELLO", "3", "AUTH", "default", TOKEN], /\*0\r\n$/);
      expect(hello).toMatch(/^%7\r\n.*proto\r\n:3\r\n/s);
      expect(await call(fresh, ["GET", "nokey"], /\r\n$/)).toBe("_\r\n");
    } finally {
      fresh.destroy();
    }
  });

  test("pub/sub messages are pushes, and the subscriber keeps running commands", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const subscriber = await server.socket();
    await call(subscriber, ["HELLO", "3"], /\*0\r\n$/);
    expect(await call(subscriber, ["SUBSCRIBE", "c"], /:1\r\n$/)).toBe(
      ">3\r\n$9\r\nsubscribe\r\n$1\r\nc\r\n:1\r\n",
    );
    // Redis refuses this in RESP2's subscribed mode; RESP3 allows it
    expect(await call(subscriber, ["SET", "k", "v"], /\r\n$/)).toBe("+OK\r\n");
    expect(await call(subscriber, ["PING"], /\r\n$/)).toBe("+PONG\r\n");
    subscriber.clear();
    await server.rest(["PUBLISH", "c", "hello"]);
    expect(await subscriber.readUntil(/hello\r\n$/)).toBe(
      ">3\r\n$7\r\nmessage\r\n$1\r\nc\r\n$5\r\nhello\r\n",
    );
  });

  test("EXEC gives each queued command its RESP3 shape", async ({ expect }) => {
    await using server = await startRespEmulator();
    const socket = await server.socket();
    await call(socket, ["HELLO", "3"], /\*0\r\n$/);
    await call(socket, ["MULTI"], /\r\n$/);
    await call(socket, ["HSET", "h", "f", "v"], /\r\n$/);
    await call(socket, ["HGETALL", "h"], /\r\n$/);
    await call(socket, ["GET", "missing"], /\r\n$/);
    expect(await call(socket, ["EXEC"], /_\r\n$/)).toBe(
      "*3\r\n:1\r\n%1\r\n$1\r\nf\r\n$1\r\nv\r\n_\r\n",
    );
  });

  test("a script's reply nested as deep as it may be leaves whole, under either protocol", async ({
    expect,
  }) => {
    // 1000 levels of `{map={a=…}}` (the engine's limit), then Redis's stack-limit error as the
    // innermost map's key and value: the encoders must not run out of call stack on the way.
    await using server = await startRespEmulator();
    const socket = await server.socket();
    const script = ["EVAL", "local t = {} t.map = {a = t} return t", "0"];
    const innermost = "-ERR reached lua stack limit\r\n-ERR reached lua stack limit\r\n";
    const level = (header: string): string => `${header}$1\r\na\r\n`;
    expect(await call(socket, script, /limit\r\n-ERR reached lua stack limit\r\n$/)).toBe(
      `${level("*2\r\n").repeat(999)}*2\r\n${innermost}`,
    );
    await call(socket, ["HELLO", "3"], /\*0\r\n$/);
    expect(await call(socket, script, /limit\r\n-ERR reached lua stack limit\r\n$/)).toBe(
      `${level("%1\r\n").repeat(999)}%1\r\n${innermost}`,
    );
    expect(await server.rest(["PING"])).toEqual({ result: "PONG" });
  });
});

describe("node-redis", () => {
  for (const Resp of [2, 3] as const) {
    test(`with RESP: ${Resp}, over the token-authenticated port`, async ({ expect }) => {
      await using server = await startRespEmulator();
      const url = server.emulator.redisUrl ?? "";
      const client = createClient({ url, RESP: Resp });
      const subscriber = client.duplicate();
      await Promise.all([client.connect(), subscriber.connect()]);
      try {
        await client.hSet("h", { a: "1", b: "2" });
        expect(await client.hGetAll("h")).toEqual({ a: "1", b: "2" });
        await client.sAdd("s", ["x", "y"]);
        expect([...(await client.sMembers("s"))].sort()).toEqual(["x", "y"]);
        await client.zAdd("z", [
          { score: 1.5, value: "m" },
          { score: 3, value: "n" },
        ]);
        expect(await client.zScore("z", "m")).toBe(1.5);
        expect(await client.zRangeWithScores("z", 0, -1)).toEqual([
          { value: "m", score: 1.5 },
          { value: "n", score: 3 },
        ]);
        expect(await client.get("missing")).toBeNull();
        const received = new Promise<string>((resolve) => {
          void subscriber.subscribe("news", (message) => resolve(message));
        });
        // Wait until the subscription is confirmed before publishing.
        while (Number((await client.pubSubNumSub("news"))["news"] ?? 0) === 0) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        await client.publish("news", "hi");
        expect(await received).toBe("hi");
        expect(await client.multi().set("k", "v").get("k").exec()).toEqual(["OK", "v"]);
      } finally {
        await Promise.all([client.quit(), subscriber.quit()]);
      }
    });
  }
});
