/**
 * The RESP2 listener's byte-level behaviour, over a plain socket: inline commands, protocol errors
 * (answered, then the connection is closed, as Redis's `setProtocolError` does) and clients that go
 * away mid-command.
 */
import { describe, test } from "vitest";
import { MAX_BINARY_LENGTH, STRING_OVER_ENGINE_LIMIT } from "../../src/kv/argv.ts";
import { startRespEmulator } from "./fixtures.ts";

describe("the RESP2 listener over a raw socket", () => {
  test("answers inline commands", async ({ expect }) => {
    await using server = await startRespEmulator();
    const socket = await server.socket();
    socket.write("PING\r\n");
    expect(await socket.read(7)).toBe("+PONG\r\n");
    socket.write('SET greeting "hello world"\nGET greeting\r\n');
    expect(await socket.read(7 + 5 + 17)).toBe("+PONG\r\n+OK\r\n$11\r\nhello world\r\n");
  });

  test("a pipeline's replies arrive whole and in order, large bulks among small ones", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const socket = await server.socket();
    const large = "x".repeat(10_000);
    // Given one chunk of requests whose replies mix small ones and a 10 KB bulk
    socket.write(
      `*3\r\n$3\r\nSET\r\n$1\r\nb\r\n$${large.length}\r\n${large}\r\n` +
        "INCR n\r\nGET b\r\nINCR n\r\nGET b\r\nGET missing\r\n",
    );
    // Then every reply is there, in order, byte for byte
    const bulk = `$${large.length}\r\n${large}\r\n`;
    const expected = `+OK\r\n:1\r\n${bulk}:2\r\n${bulk}$-1\r\n`;
    const received = await socket.read(expected.length);
    expect(received === expected).toBe(true);
  });

  test("pipelines of large values on several connections arrive whole while the reply buffers go round", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    // Given distinct 10 KB values, one byte repeated each, so a buffer reused too early shows
    const values = Array.from({ length: 8 }, (_, i) =>
      String.fromCharCode(0x61 + i).repeat(10_148),
    );
    const writer = await server.socket();
    for (const [i, value] of values.entries()) {
      writer.write(`*3\r\n$3\r\nSET\r\n$2\r\nk${i}\r\n$${value.length}\r\n${value}\r\n`);
    }
    expect(await writer.read(5 * values.length)).toBe("+OK\r\n".repeat(values.length));
    const sockets = await Promise.all([server.socket(), server.socket(), server.socket()]);
    for (let round = 0; round < 3; round++) {
      // When each connection sends 96 GETs at once (about 1 MB of replies) before reading any
      const expected = sockets.map((socket, s) => {
        const keys = Array.from({ length: 96 }, (_, n) => (n * 5 + s + round) % values.length);
        socket.write(keys.map((key) => `GET k${key}\r\n`).join(""));
        return keys.map((key) => `$10148\r\n${values[key]}\r\n`).join("");
      });
      // Then every connection reads its own replies, byte for byte
      const received = await Promise.all(
        sockets.map((socket, s) => socket.read(expected[s]?.length ?? 0)),
      );
      expect(received.every((text, s) => text === expected[s])).toBe(true);
      for (const socket of sockets) {
        socket.clear();
      }
    }
  });

  test("a blank inline line is ignored", async ({ expect }) => {
    await using server = await startRespEmulator();
    const socket = await server.socket();
    socket.write("\r\n\r\nPING\r\n");
    expect(await socket.read(7)).toBe("+PONG\r\n");
  });

  test.for([
    ["a bad bulk length", "*1\r\n$x\r\n", "-ERR Protocol error: invalid bulk length\r\n"],
    ["a bad multibulk length", "*x\r\n", "-ERR Protocol error: invalid multibulk length\r\n"],
    ["a missing '$'", "*1\r\n+PING\r\n", "-ERR Protocol error: expected '$', got '+'\r\n"],
    ["unbalanced quotes", 'SET k "v\r\n', "-ERR Protocol error: unbalanced quotes in request\r\n"],
  ] as const)(
    "%s is answered with a protocol error, then the connection closes",
    async ([, input, reply], { expect }) => {
      await using server = await startRespEmulator();
      const socket = await server.socket();
      socket.write(input);
      expect(await socket.readToEnd()).toBe(reply);
    },
  );

  test("commands before the malformed bytes still run", async ({ expect }) => {
    await using server = await startRespEmulator();
    const socket = await server.socket();
    socket.write("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\n*1\r\n$x\r\n");
    expect(await socket.readToEnd()).toBe("+OK\r\n-ERR Protocol error: invalid bulk length\r\n");
    const redis = server.client();
    expect(await redis.get("k")).toBe("v");
  });

  test("a client leaving in the middle of a multibulk does not disturb the server", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    // Given a client that sends half a SET and goes away
    const socket = await server.socket();
    socket.write("*3\r\n$3\r\nSET\r\n$4\r\nhalf\r\n$10\r\nabc");
    socket.destroy();
    await socket.closed;
    // When another client connects
    const redis = server.client();
    // Then the server still serves, and the half command never ran
    expect(await redis.ping()).toBe("PONG");
    expect(await redis.exists("half")).toBe(0);
  });

  test("a client leaving while blocked does not disturb the server", async ({ expect }) => {
    await using server = await startRespEmulator();
    const socket = await server.socket();
    socket.write("*3\r\n$5\r\nBLPOP\r\n$1\r\nq\r\n$1\r\n0\r\n");
    const redis = server.client();
    await expect
      .poll(async () => String(await redis.client("LIST")).includes("cmd=blpop"))
      .toBe(true);
    socket.destroy();
    await expect
      .poll(async () => String(await redis.client("LIST")).includes("cmd=blpop"))
      .toBe(false);
    // The push is not taken by the departed client.
    expect(await redis.rpush("q", "job")).toBe(1);
    expect(await redis.lrange("q", 0, -1)).toEqual(["job"]);
  });

  test("subscribed mode refuses other commands and answers PING as an array", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const socket = await server.socket();
    const subscribed = "*3\r\n$9\r\nsubscribe\r\n$1\r\nc\r\n:1\r\n";
    const refused =
      "-ERR Can't execute 'get': only (P|S)SUBSCRIBE / (P|S)UNSUBSCRIBE / PING / QUIT / RESET are allowed in this context\r\n";
    const pong = "*2\r\n$4\r\npong\r\n$0\r\n\r\n";
    // A SUBSCRIBE run by EXEC enters subscribed mode too.
    socket.write("MULTI\r\nSUBSCRIBE c\r\nEXEC\r\nGET k\r\nPING\r\nUNSUBSCRIBE\r\nPING\r\n");
    const expected = [
      "+OK\r\n",
      "+QUEUED\r\n",
      `*1\r\n${subscribed}`,
      refused,
      pong,
      "*3\r\n$11\r\nunsubscribe\r\n$1\r\nc\r\n:0\r\n",
      "+PONG\r\n",
    ].join("");
    expect(await socket.read(expected.length)).toBe(expected);
  });

  test("an argument longer than the engine's strings is refused, and the connection goes on", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const socket = await server.socket();
    // Within Redis's proto-max-bulk-len (512 MiB, which redis-server stores), one byte past the
    // engine's limit. The bytes are sent, not built: one buffer of zeros, written in slices.
    const length = MAX_BINARY_LENGTH + 1;
    socket.write(`*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$${length}\r\n`);
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    for (let sent = 0; sent < length; sent += zeros.length) {
      socket.write(zeros.subarray(0, Math.min(zeros.length, length - sent)));
    }
    socket.write("\r\n*1\r\n$4\r\nPING\r\n");
    const expected = `-${STRING_OVER_ENGINE_LIMIT}\r\n+PONG\r\n`;
    expect(await socket.read(expected.length)).toBe(expected);
    expect(await server.client().exists("k")).toBe(0);
  }, 30_000);

  test("a request split into single bytes is served", async ({ expect }) => {
    await using server = await startRespEmulator();
    const socket = await server.socket();
    for (const byte of "*2\r\n$4\r\nECHO\r\n$3\r\na\r\n\r\n") {
      socket.write(byte);
    }
    expect(await socket.read(9)).toBe("$3\r\na\r\n\r\n");
  });
});

describe("usage", () => {
  test("every RESP command counts in the database's usage, writes apart", async ({ expect }) => {
    await using server = await startRespEmulator();
    const usage = server.emulator.databases.get("default")?.usage;
    const counts = () => ({
      commands: usage?.commands ?? 0,
      writes: usage?.writes ?? 0,
      requests: usage?.requests ?? 0,
      bytesIn: usage?.bytesIn ?? 0,
      bytesOut: usage?.bytesOut ?? 0,
    });
    const before = counts();
    const socket = await server.socket();
    // One write: the two requests run as one pipelined run, and count as two requests.
    socket.write("SET k v\r\nGET k\r\n");
    expect(await socket.read(5 + 7)).toBe("+OK\r\n$1\r\nv\r\n");
    expect(counts()).toEqual({
      commands: before.commands + 2,
      writes: before.writes + 1,
      requests: before.requests + 2,
      bytesIn: before.bytesIn + "SETkv".length + "GETk".length,
      bytesOut: before.bytesOut + 5 + 7,
    });
  });
});
