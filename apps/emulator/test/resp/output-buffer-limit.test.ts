/**
 * `client-output-buffer-limit` on the RESP listener: a client that never reads is disconnected
 * once the output waiting for it reaches its class's hard limit (src/networking.c
 * checkClientOutputBufferLimits), its subscriptions are dropped, and INFO and the usage count it.
 * The limits are set low so that a few MB (most of them in the kernel's socket buffers) suffice.
 */
import { Socket } from "node:net";
import { describe, test } from "vitest";
import { ManualClock } from "../../src/engine/index.ts";
import { type RespEmulator, startRespEmulator, TOKEN } from "./fixtures.ts";

const MESSAGE = "m".repeat(64 * 1024);
/** Far more than the limit plus what loopback sockets buffer: reaching it means nobody was closed. */
const MAX_PUBLISHED_BYTES = 48 * 1024 * 1024;

/** Enough to fill loopback socket buffers and leave more than 256 KiB waiting in the server. */
const SOFT_LIMIT_FILL_BYTES = 16 * 1024 * 1024;

/** A client that sends `command`, waits for its first reply and then stops reading. */
async function stalledClient(port: number, command: string): Promise<Socket> {
  const socket = new Socket();
  socket.on("error", () => undefined);
  await new Promise<void>((resolve) => socket.connect(port, "127.0.0.1", resolve));
  const authenticated = new Promise<void>((resolve) => socket.once("data", () => resolve()));
  socket.write(`AUTH ${TOKEN}\r\n`);
  await authenticated;
  const replied = new Promise<void>((resolve) => socket.once("data", () => resolve()));
  socket.write(command);
  await replied;
  socket.pause();
  return socket;
}

/** Resumes reading and resolves once the server's end of the connection has arrived. */
function closedByServer(socket: Socket): Promise<void> {
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.resume();
  socket.on("data", () => undefined);
  return ended;
}

function disconnections(info: string): number {
  return Number(/client_output_buffer_limit_disconnections:(\d+)/.exec(info)?.[1]);
}

async function usage(server: RespEmulator): Promise<number | undefined> {
  return server.emulator.databases.get("default")?.usage.outputLimitDisconnections;
}

describe("client-output-buffer-limit over RESP", () => {
  test("a subscriber that never reads is closed at the pubsub hard limit", async ({ expect }) => {
    await using server = await startRespEmulator();
    const publisher = server.client();
    await publisher.config("SET", "client-output-buffer-limit", "pubsub 256kb 0 0");
    const subscriber = await stalledClient(server.port, "SUBSCRIBE news\r\n");
    try {
      // When messages are published faster than the subscriber reads (it does not)
      let published = 0;
      let receivers = 1;
      while (receivers > 0 && published < MAX_PUBLISHED_BYTES) {
        receivers = await publisher.publish("news", MESSAGE);
        published += MESSAGE.length;
      }
      // Then it is gone: no receiver, no subscription, counted in INFO and in the usage
      expect(receivers).toBe(0);
      expect(await publisher.pubsub("NUMSUB", "news")).toEqual(["news", 0]);
      expect(disconnections(await publisher.info("stats"))).toBe(1);
      expect(await usage(server)).toBe(1);
      await closedByServer(subscriber);
    } finally {
      subscriber.destroy();
    }
  });

  test("a MONITOR client is a normal client: unlimited by default, closed at a normal limit", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const writer = server.client();
    const monitor = await stalledClient(server.port, "MONITOR\r\n");
    try {
      // The pubsub limit does not apply to it
      await writer.config("SET", "client-output-buffer-limit", "pubsub 1kb 0 0");
      for (let index = 0; index < 4; index++) {
        await writer.set("key", MESSAGE);
      }
      expect(disconnections(await writer.info("stats"))).toBe(0);
      // When the normal class gets a limit, and commands keep coming
      await writer.config("SET", "client-output-buffer-limit", "normal 256kb 0 0");
      let written = 0;
      while (disconnections(await writer.info("stats")) === 0 && written < MAX_PUBLISHED_BYTES) {
        await writer.set("key", MESSAGE);
        written += MESSAGE.length;
      }
      // Then the monitor is closed, and the writer (a normal client that reads) is not
      expect(disconnections(await writer.info("stats"))).toBe(1);
      expect(await writer.ping()).toBe("PONG");
      await closedByServer(monitor);
    } finally {
      monitor.destroy();
    }
  });

  test("over the soft limit for longer than the soft seconds, it is closed too", async ({
    expect,
  }) => {
    const clock = new ManualClock(Date.now());
    await using server = await startRespEmulator({ clock });
    const publisher = server.client();
    await publisher.config("SET", "client-output-buffer-limit", "pubsub 0 256kb 10");
    const subscriber = await stalledClient(server.port, "SUBSCRIBE news\r\n");
    try {
      // Given a subscriber that has been over the soft limit for the soft seconds (10 s)
      for (let published = 0; published < SOFT_LIMIT_FILL_BYTES; published += MESSAGE.length) {
        expect(await publisher.publish("news", MESSAGE)).toBe(1);
      }
      clock.advance(10_000);
      expect(await publisher.publish("news", MESSAGE)).toBe(1);
      expect(disconnections(await publisher.info("stats"))).toBe(0);
      // When a moment more passes, with nothing more published
      clock.advance(1);
      // Then it is closed
      expect(await publisher.pubsub("NUMSUB", "news")).toEqual(["news", 0]);
      expect(disconnections(await publisher.info("stats"))).toBe(1);
      await closedByServer(subscriber);
    } finally {
      subscriber.destroy();
    }
  });
});
