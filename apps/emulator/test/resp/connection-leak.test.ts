/**
 * 2,000 connections that subscribe, block, WATCH, MONITOR or track keys (client-side caching),
 * then vanish without a word (peer close): afterwards every count the server shows is back where
 * it started — CLIENT LIST, PUBSUB NUMSUB/NUMPAT/SHARDNUMSUB, INFO clients (connected, blocked,
 * pubsub, watching and tracking clients) and the tracking table (INFO stats). RSS is not checked:
 * the garbage collector makes it too noisy to assert on.
 */
import type { Redis } from "ioredis";
import { describe, test } from "vitest";
import { type RawSocket, startRespEmulator } from "./fixtures.ts";

const CONNECTIONS = 2_000;
/** Connections alive at once: MONITORs see every other connection's commands. */
const BATCH = 100;

const FIELDS = [
  "connected_clients",
  "blocked_clients",
  "pubsub_clients",
  "watching_clients",
  "tracking_clients",
  "total_watched_keys",
  "tracking_total_keys",
  "tracking_total_items",
  "tracking_total_prefixes",
];

async function counts(observer: Redis): Promise<Record<string, unknown>> {
  const info = await observer.info("everything");
  const fields = Object.fromEntries(
    info
      .split("\r\n")
      .map((line) => line.split(":"))
      .filter(([name]) => FIELDS.includes(name ?? "")),
  );
  return {
    ...fields,
    clients: String(await observer.call("CLIENT", "LIST"))
      .trim()
      .split("\n").length,
    numsub: await observer.call("PUBSUB", "NUMSUB", "ch"),
    numpat: await observer.call("PUBSUB", "NUMPAT"),
    shardnumsub: await observer.call("PUBSUB", "SHARDNUMSUB", "sch"),
  };
}

/** What each connection does before it goes; resolves once the server has it all. */
const STATES: readonly ((socket: RawSocket) => Promise<unknown>)[] = [
  (socket) => {
    socket.write("SUBSCRIBE ch\r\nPSUBSCRIBE p*\r\nSSUBSCRIBE sch\r\n");
    return socket.readUntil(/ssubscribe[\s\S]*:1\r\n$/);
  },
  (socket) => {
    socket.write("PING\r\nBLPOP q 0\r\n");
    return socket.readUntil(/PONG/);
  },
  (socket) => {
    socket.write("WATCH k a b\r\nMULTI\r\nSET k v\r\n");
    return socket.readUntil(/QUEUED/);
  },
  (socket) => {
    socket.write("MONITOR\r\n");
    return socket.readUntil(/OK/);
  },
  (socket) => {
    socket.write("HELLO 3\r\nCLIENT TRACKING on\r\nMGET k a b\r\n");
    return socket.readUntil(/\+OK\r\n\*3\r\n_\r\n_\r\n_\r\n$/);
  },
  (socket) => {
    socket.write("HELLO 3\r\nCLIENT TRACKING on BCAST PREFIX leak: NOLOOP\r\nSUBSCRIBE ch\r\n");
    return socket.readUntil(/subscribe[\s\S]*:1\r\n$/);
  },
];

describe("connections that vanish", () => {
  test(`${CONNECTIONS} connections in every state leave every count where it was`, async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const observer = server.client();
    const before = await counts(observer);

    for (let start = 0; start < CONNECTIONS; start += BATCH) {
      const sockets = await Promise.all(
        Array.from({ length: BATCH }, async (_, offset) => {
          const socket = await server.socket();
          await STATES[(start + offset) % STATES.length]?.(socket);
          return socket;
        }),
      );
      for (const socket of sockets) {
        socket.destroy();
      }
      await Promise.all(sockets.map((socket) => socket.closed));
    }
    // The server sees each close as its own event: wait until it has seen them all.
    while (
      String(await observer.call("CLIENT", "LIST"))
        .trim()
        .split("\n").length !== before["clients"]
    ) {
      await observer.ping();
    }

    expect(await counts(observer)).toEqual(before);
  }, 60_000);
});
