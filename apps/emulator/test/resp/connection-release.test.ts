/**
 * A connection that ends for any reason (the peer closes it, QUIT, CLIENT KILL, a protocol error)
 * releases everything it held at once, whatever it was doing (subscribed, blocked, in MULTI,
 * WATCHing, MONITOR): CLIENT LIST, PUBSUB NUMSUB/NUMPAT/SHARDNUMSUB, PUBLISH's receiver count and
 * INFO clients are back where they started.
 */
import type { Redis } from "ioredis";
import { describe, test } from "vitest";
import { type RawSocket, type RespEmulator, startRespEmulator } from "./fixtures.ts";

interface Counts {
  readonly clients: number;
  readonly channelSubscribers: number;
  readonly patterns: number;
  readonly shardSubscribers: number;
  readonly receivers: number;
  readonly info: Readonly<Record<string, string>>;
}

const INFO_FIELDS = ["connected_clients", "blocked_clients", "pubsub_clients", "watching_clients"];

async function counts(observer: Redis): Promise<Counts> {
  const list = String(await observer.call("CLIENT", "LIST"));
  const numsub = (await observer.call("PUBSUB", "NUMSUB", "ch")) as [string, number];
  const shard = (await observer.call("PUBSUB", "SHARDNUMSUB", "sch")) as [string, number];
  const info = await observer.info("clients");
  const fields = Object.fromEntries(
    info
      .split("\r\n")
      .map((line) => line.split(":"))
      .filter(([name]) => INFO_FIELDS.includes(name ?? "")),
  );
  return {
    clients: list.trim().split("\n").length,
    channelSubscribers: numsub[1],
    patterns: Number(await observer.call("PUBSUB", "NUMPAT")),
    shardSubscribers: shard[1],
    receivers: await observer.publish("ch", "x"),
    info: fields,
  };
}

/** What a victim connection is doing when it goes; resolves once the server has it. */
const STATES: Record<string, (socket: RawSocket) => Promise<unknown>> = {
  subscribed: (socket) => {
    socket.write("SUBSCRIBE ch\r\nPSUBSCRIBE p*\r\nSSUBSCRIBE sch\r\n");
    return socket.readUntil(/ssubscribe[\s\S]*:1\r\n$/);
  },
  blocked: (socket) => {
    // The PONG leaves before BLPOP waits, so the BLPOP has been read by then.
    socket.write("PING\r\nBLPOP q 0\r\n");
    return socket.readUntil(/PONG/);
  },
  "in MULTI": (socket) => {
    socket.write("WATCH k\r\nMULTI\r\nSET k v\r\n");
    return socket.readUntil(/QUEUED/);
  },
  watching: (socket) => {
    socket.write("WATCH k a b\r\n");
    return socket.readUntil(/OK/);
  },
  monitoring: (socket) => {
    socket.write("MONITOR\r\n");
    return socket.readUntil(/OK/);
  },
};

/** How it goes; resolves once the server has released it (or, for a peer close, may have). */
const ENDINGS: Record<
  string,
  (victim: RawSocket, context: { observer: Redis; id: number }) => Promise<unknown>
> = {
  "peer close": async (victim) => victim.destroy(),
  QUIT: (victim) => {
    victim.write("QUIT\r\n");
    return victim.closed;
  },
  "CLIENT KILL": ({ closed }, { observer, id }) =>
    Promise.all([observer.call("CLIENT", "KILL", "ID", String(id)), closed]),
  "a protocol error": (victim) => {
    victim.write("*1\r\n$x\r\n");
    return victim.closed;
  },
};

/** A blocked connection reads nothing more until it is served: only closes from outside reach it. */
const APPLIES = (state: string, ending: string): boolean =>
  state !== "blocked" || ending === "peer close" || ending === "CLIENT KILL";

/**
 * The server learns of a peer's close from its socket, after the test's side: polled through the
 * observer (bounded), since no event reaches the test.
 */
async function settled(observer: Redis, expected: Counts): Promise<Counts> {
  let current = await counts(observer);
  for (
    let attempt = 0;
    attempt < 200 && JSON.stringify(current) !== JSON.stringify(expected);
    attempt++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    current = await counts(observer);
  }
  return current;
}

async function victimOf(server: RespEmulator): Promise<{ socket: RawSocket; id: number }> {
  const socket = await server.socket();
  socket.write("CLIENT ID\r\n");
  const id = Number(/^:(\d+)\r\n/.exec(await socket.readUntil(/\r\n/))?.[1]);
  socket.clear();
  return { socket, id };
}

describe("a closed connection releases everything at once", () => {
  for (const [state, enter] of Object.entries(STATES)) {
    for (const [ending, end] of Object.entries(ENDINGS)) {
      test.skipIf(!APPLIES(state, ending))(`${state}, then ${ending}`, async ({ expect }) => {
        await using server = await startRespEmulator();
        const observer = server.client();
        const before = await counts(observer);
        const { socket, id } = await victimOf(server);
        await enter(socket);
        expect(await counts(observer)).not.toEqual(before);
        await end(socket, { observer, id });
        expect(await settled(observer, before)).toEqual(before);
      });
    }
  }
});

test("2,000 connections that subscribe, block, WATCH or MONITOR and vanish leave nothing behind", async ({
  expect,
}) => {
  await using server = await startRespEmulator();
  const observer = server.client();
  const before = await counts(observer);
  // A few monitors: each one is sent every other connection's every command.
  const { monitoring, ...others } = STATES;
  const states = Object.values(others);
  const stateOf = (index: number): ((socket: RawSocket) => Promise<unknown>) | undefined =>
    index % 400 === 0 ? monitoring : states[index % states.length];
  // In batches: 2,000 connects at once would overflow the listen backlog.
  const victims: RawSocket[] = [];
  for (let batch = 0; batch < 2000; batch += 200) {
    victims.push(
      ...(await Promise.all(
        Array.from({ length: 200 }, async (_, index) => {
          const { socket } = await victimOf(server);
          await stateOf(batch + index)?.(socket);
          return socket;
        }),
      )),
    );
  }
  const during = await counts(observer);
  expect(during.clients).toBe(before.clients + 2000);
  expect(during.channelSubscribers).toBe(495);
  for (const victim of victims) {
    victim.destroy();
  }
  expect(await settled(observer, before)).toEqual(before);
}, 60_000);

test("CLIENT KILL of the caller itself answers, then closes the connection", async ({ expect }) => {
  await using server = await startRespEmulator();
  const { socket, id } = await victimOf(server);
  socket.write(`CLIENT KILL ID ${id} SKIPME no\r\nPING\r\n`);
  // As redis-server 7.0: the reply, then the close; the PING behind it is not served.
  expect(await socket.readToEnd()).toBe(":1\r\n");
});

test("INFO blocked_clients counts every waiting blocking command, XREAD BLOCK included", async ({
  expect,
}) => {
  await using server = await startRespEmulator();
  const observer = server.client();
  const blockedClients = async (): Promise<number> =>
    Number(/blocked_clients:(\d+)/.exec(await observer.info("clients"))?.[1]);
  expect(await blockedClients()).toBe(0);
  const lists = await server.socket();
  lists.write("PING\r\nBLPOP q 0\r\n");
  await lists.readUntil(/PONG/);
  const streams = await server.socket();
  streams.write("PING\r\nXREAD BLOCK 0 STREAMS s $\r\n");
  await streams.readUntil(/PONG/);
  expect(await blockedClients()).toBe(2);
  await observer.rpush("q", "x");
  await lists.readUntil(/x\r\n$/);
  expect(await blockedClients()).toBe(1);
  await observer.xadd("s", "*", "f", "v");
  await streams.readUntil(/v\r\n$/);
  expect(await blockedClients()).toBe(0);
});
