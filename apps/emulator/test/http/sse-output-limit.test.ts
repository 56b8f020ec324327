/**
 * `client-output-buffer-limit` on the SSE streams: a `/subscribe` or `/monitor` reader that never
 * reads has its events pile up in the server (the connection waits for the socket to drain); once
 * they reach the `pubsub` class's limit (SSE streams, `/monitor` included, are pushed to like
 * subscribers; RESP MONITOR keeps Redis's `normal` class, see test/resp/) the
 * stream's connection is closed, its subscription dropped, and INFO and the usage count it.
 */
import { Socket } from "node:net";
import { describe, test } from "vitest";
import { ManualClock } from "../../src/engine/index.ts";
import {
  channelSubscribers,
  command,
  publish,
  startEmulator,
  type TestEmulator,
  TOKEN,
} from "./fixtures/transports.ts";

const MESSAGE = "m".repeat(64 * 1024);
/** Far more than the limit plus what loopback sockets buffer: reaching it means nobody was closed. */
const MAX_SENT_BYTES = 48 * 1024 * 1024;

/** Opens `path` as an SSE stream on a raw socket, waits for its first event, then stops reading. */
async function stalledStream(server: TestEmulator, path: string): Promise<Socket> {
  const { hostname, port } = new URL(server.url);
  const socket = new Socket();
  socket.on("error", () => undefined);
  await new Promise<void>((resolve) => socket.connect(Number(port), hostname, resolve));
  const firstEvent = new Promise<void>((resolve) => {
    let received = "";
    const onData = (chunk: Buffer): void => {
      received += chunk.toString("latin1");
      if (received.includes("data: ")) {
        socket.off("data", onData);
        resolve();
      }
    };
    socket.on("data", onData);
  });
  socket.write(
    `GET ${new URL(server.url).pathname.replace(/\/$/, "")}${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`,
  );
  await firstEvent;
  socket.pause();
  return socket;
}

/** Resumes reading and resolves once the server's end of the connection has arrived. */
function closedByServer(socket: Socket): Promise<void> {
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.resume();
  socket.on("data", () => undefined);
  return closed;
}

function disconnections(server: TestEmulator): number {
  return server.engine.stats.clientOutputBufferLimitDisconnections;
}

function usageDisconnections(server: TestEmulator): number | undefined {
  return server.emulator.databases.get("default")?.usage.outputLimitDisconnections;
}

describe("client-output-buffer-limit on SSE streams", () => {
  test("a /subscribe reader that never reads is closed at the pubsub hard limit", async ({
    expect,
  }) => {
    await using server = await startEmulator("socket");
    server.engine.config.set("client-output-buffer-limit", "pubsub 256kb 0 0");
    const stream = await stalledStream(server, "/subscribe/news");
    try {
      // When messages are published faster than the reader reads (it does not)
      let published = 0;
      let receivers = 1;
      while (receivers > 0 && published < MAX_SENT_BYTES) {
        receivers = await publish(server, "news", MESSAGE);
        published += MESSAGE.length;
      }
      // Then it is gone: no receiver, no subscription, counted in INFO and in the usage
      expect(receivers).toBe(0);
      expect(await channelSubscribers(server, "news")).toBe(0);
      const info = (await command(server, ["INFO", "stats"])).json() as { result: string };
      expect(info.result).toContain("client_output_buffer_limit_disconnections:1\r\n");
      expect(usageDisconnections(server)).toBe(1);
      await closedByServer(stream);
    } finally {
      stream.destroy();
    }
  });

  test("a /monitor reader takes the pubsub limits (SSE has no normal class)", async ({
    expect,
  }) => {
    await using server = await startEmulator("socket");
    // Given a limit on pubsub only (normal stays unlimited, as Redis's default)
    server.engine.config.set("client-output-buffer-limit", "normal 0 0 0 pubsub 256kb 0 0");
    const stream = await stalledStream(server, "/monitor");
    try {
      // When commands keep coming and the stream is not read
      let written = 0;
      while (disconnections(server) === 0 && written < MAX_SENT_BYTES) {
        await command(server, ["SET", "key", MESSAGE]);
        written += MESSAGE.length;
      }
      // Then the stream is closed and counted
      expect(disconnections(server)).toBe(1);
      expect(usageDisconnections(server)).toBe(1);
      await closedByServer(stream);
    } finally {
      stream.destroy();
    }
  });

  test("a /subscribe reader over the soft limit is closed when the soft seconds run out", async ({
    expect,
  }) => {
    const clock = new ManualClock(Date.now());
    await using server = await startEmulator("socket", { clock });
    server.engine.config.set("client-output-buffer-limit", "pubsub 0 256kb 10");
    const stream = await stalledStream(server, "/subscribe/news");
    try {
      // Given a reader that has been over the soft limit for the soft seconds
      for (let published = 0; published < 16 * 1024 * 1024; published += MESSAGE.length) {
        expect(await publish(server, "news", MESSAGE)).toBe(1);
      }
      clock.advance(10_000);
      expect(disconnections(server)).toBe(0);
      // When a moment more passes, with nothing more published
      clock.advance(1);
      await Promise.resolve();
      // Then it is closed
      expect(disconnections(server)).toBe(1);
      await closedByServer(stream);
      expect(await channelSubscribers(server, "news")).toBe(0);
    } finally {
      stream.destroy();
    }
  });
});
