/**
 * Replies of the embedded backend over a data directory (hardening issue, point 4): under fsync
 * `always` no reply, a read's included, leaves before the fsync of the writes that preceded it, as
 * Redis sends none before it; under `everysec` reads answer at once.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Resp2Value } from "@stratus/core/resp2";
import { afterEach, describe, test, vi } from "vitest";
import { Engine, ManualClock } from "../../engine/index.ts";
import type { FsyncPolicy } from "../../storage/index.ts";
import { holdNextFileOperation } from "../../storage/test-support.ts";
import type { KvBackend, KvCaller } from "../backend.ts";
import { MemoryBackend } from "./memory-backend.ts";
import { openPersistentEngine } from "./persistent-engine.ts";

const CALLER: KvCaller = { isReadOnly: false, address: "0.0.0.0:0" };

interface Fixture {
  /** As the routes and the RESP listener see it. */
  readonly backend: KvBackend;
  readonly directory: string;
  [Symbol.asyncDispose](): Promise<void>;
}

async function openBackend(fsync: FsyncPolicy): Promise<Fixture> {
  const directory = await mkdtemp(join(tmpdir(), "stratus-durable-reads-"));
  const persistent = await openPersistentEngine({
    directory,
    fsync,
    clock: new ManualClock(),
    onInternalError: (error) => {
      throw error;
    },
    onWarning: () => undefined,
  });
  const backend = new MemoryBackend(persistent.engine, persistent.durability);
  return {
    backend,
    directory,
    [Symbol.asyncDispose]: async () => {
      await backend.close();
      await persistent.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Records the order in which replies are released. */
function released<T>(order: string[], name: string, reply: T | Promise<T>): Promise<T> {
  return Promise.resolve(reply).then((value) => {
    order.push(name);
    return value;
  });
}

const bulk = (text: string): Resp2Value => ({ kind: "bulk", value: Buffer.from(text, "latin1") });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MemoryBackend over a data directory with fsync always", () => {
  test("a read from another client waits for the fsync of an earlier write, then answers in order", async ({
    expect,
  }) => {
    await using fixture = await openBackend("always");
    const { backend } = fixture;
    const fsync = await holdNextFileOperation("datasync", fixture);
    try {
      // Given a write whose fsync is in flight
      const order: string[] = [];
      const write = released(order, "SET", backend.execute(["SET", "counter", "1"], CALLER));
      await fsync.entered;

      // When another client reads what it wrote
      const reply = backend.execute(["GET", "counter"], CALLER);
      const read = released(order, "GET", reply);
      await nextTurn();

      // Then the read ran (the engine is not held) but its reply is held with the write's
      expect(reply).toBeInstanceOf(Promise);
      expect(order).toEqual([]);
      fsync.release();
      expect(await read).toEqual(bulk("1"));
      await write;
      expect(order).toEqual(["SET", "GET"]);
    } finally {
      fsync.release();
    }
  });

  test("RESP sessions, other databases, pipelines and transactions wait too", async ({
    expect,
  }) => {
    await using fixture = await openBackend("always");
    const { backend } = fixture;
    const session = backend.openSession({ caller: CALLER, onPush: () => undefined });
    try {
      expect(await session.execute(["SELECT", "1"])).toEqual({ kind: "simple", value: "OK" });
      const fsync = await holdNextFileOperation("datasync", fixture);
      try {
        // Given a write on database 0 whose fsync is in flight
        const order: string[] = [];
        const write = released(order, "SET", backend.execute(["SET", "k", "v"], CALLER));
        await fsync.entered;

        // When reads arrive on a RESP session on database 1, in a pipeline and in a transaction
        const replies = [
          released(order, "session", session.execute(["DBSIZE"])),
          released(order, "pipeline", backend.pipeline([["GET", "k"]], CALLER)),
          released(order, "transaction", backend.transaction([["GET", "k"]], CALLER)),
        ];
        await nextTurn();

        // Then none is released before the fsync
        expect(order).toEqual([]);
        fsync.release();
        expect(await Promise.all([write, ...replies])).toEqual([
          { kind: "simple", value: "OK" },
          { kind: "integer", value: 0n },
          [bulk("v")],
          { status: "executed", replies: [bulk("v")] },
        ]);
        expect(order).toEqual(["SET", "session", "pipeline", "transaction"]);
      } finally {
        fsync.release();
      }
    } finally {
      session.close();
    }
  });

  test("with no write in flight a read answers at once, without a promise", async ({ expect }) => {
    await using fixture = await openBackend("always");
    const { backend } = fixture;
    expect(await backend.execute(["SET", "k", "v"], CALLER)).toEqual({
      kind: "simple",
      value: "OK",
    });

    expect(backend.execute(["GET", "k"], CALLER)).toEqual(bulk("v"));
  });
});

describe("MemoryBackend over a data directory with fsync everysec", () => {
  test("a read answers at once while an earlier write is in flight", async ({ expect }) => {
    await using fixture = await openBackend("everysec");
    const { backend } = fixture;
    const session = backend.openSession({ caller: CALLER, onPush: () => undefined });
    const write = await holdNextFileOperation("writev", fixture);
    try {
      // Given a write still being written
      let isWriteReleased = false;
      const written = Promise.resolve(backend.execute(["SET", "k", "v"], CALLER)).then(() => {
        isWriteReleased = true;
      });
      await write.entered;

      // Then reads answer at once (Redis promises nothing more under everysec)
      expect(backend.execute(["GET", "k"], CALLER)).toEqual(bulk("v"));
      expect(await session.execute(["GET", "k"])).toEqual(bulk("v"));
      expect(isWriteReleased).toBe(false);
      write.release();
      await written;
    } finally {
      write.release();
      session.close();
    }
  });
});

describe("MemoryBackend under CLIENT PAUSE", () => {
  test("REST writes, pipelines and transactions wait for the pause to end, in order; reads do not", async ({
    expect,
  }) => {
    const clock = new ManualClock();
    const backend = new MemoryBackend(new Engine({ clock }));
    const session = backend.openSession({ caller: CALLER, onPush: () => undefined });
    try {
      await session.execute(["CLIENT", "PAUSE", "1000", "WRITE"]);
      const order: string[] = [];
      const held = [
        released(order, "SET", backend.execute(["SET", "k", "v"], CALLER)),
        released(
          order,
          "pipeline",
          backend.pipeline(
            [
              ["GET", "k"],
              ["INCR", "n"],
            ],
            CALLER,
          ),
        ),
        released(order, "transaction", backend.transaction([["INCR", "n"]])),
      ];
      expect(backend.execute(["GET", "k"], CALLER)).toEqual({ kind: "null" });
      await nextTurn();
      expect(order).toEqual([]);

      clock.advance(1000);
      // The pipeline's GET ran before its INCR was held, as a client's pipeline runs up to the
      // held command; the transaction was held before that INCR.
      expect(await Promise.all(held)).toEqual([
        { kind: "simple", value: "OK" },
        [{ kind: "null" }, { kind: "integer", value: 2n }],
        { status: "executed", replies: [{ kind: "integer", value: 1n }] },
      ]);
      expect(order).toEqual(["SET", "transaction", "pipeline"]);
    } finally {
      session.close();
    }
  });
});

describe("MemoryBackend with a script past busy-reply-threshold", () => {
  test("a REST pipeline waits for its reply before running the next command (which would get BUSY)", async ({
    expect,
  }) => {
    await using fixture = await openBackend("always");
    const { backend } = fixture;
    await backend.execute(["CONFIG", "SET", "busy-reply-threshold", "10"], CALLER);
    const script =
      "redis.call('SET', 'k', 'v') local n = 0 for i = 1, 3e6 do n = n + 1 end return n";
    const replies = await backend.pipeline(
      [
        ["EVAL", script, "0"],
        ["GET", "k"],
      ],
      CALLER,
    );
    expect(replies).toEqual([{ kind: "integer", value: 3_000_000n }, bulk("v")]);
  });
});
