import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "vitest";
import { ManualClock } from "../../engine/index.ts";
import type { KvBackend, KvCaller } from "../backend.ts";
import { type MemoryBackendOptions, openMemoryBackend } from "./open-memory-backend.ts";

const CALLER: KvCaller = { isReadOnly: false, address: "0.0.0.0:0" };

function failOnError(error: unknown): never {
  throw error;
}

/** Runs one command in logical database `db` through a RESP-style session of the backend. */
async function runIn(backend: KvBackend, db: number, argv: readonly string[]): Promise<unknown> {
  const session = backend.openSession({ caller: CALLER, onPush: () => undefined });
  try {
    await session.execute(["SELECT", String(db)]);
    return await session.execute(argv);
  } finally {
    session.close();
  }
}

describe("openMemoryBackend", () => {
  test("in memory: counts keys of every logical database and exposes the engine's ACL users", async ({
    expect,
  }) => {
    const opened = await openMemoryBackend({
      clock: new ManualClock(),
      directory: undefined,
      fsync: "no",
      onError: failOnError,
    });
    const { backend } = opened;
    expect(backend.keyCount()).toBe(0);
    await backend.execute(["SET", "a", "1"], CALLER);
    await runIn(backend, 3, ["SET", "b", "2"]);
    expect(backend.keyCount()).toBe(2);
    await backend.execute(["ACL", "SETUSER", "alice", "on"], CALLER);
    expect(backend.aclUsers?.user("alice")?.isEnabled).toBe(true);
    expect(backend.aclUsers).toBe(backend.engine.acl);
    await opened.close();
  });

  test("with a directory: what was written is there after reopening", async ({ expect }) => {
    const directory = await mkdtemp(join(tmpdir(), "stratus-open-memory-"));
    const options: MemoryBackendOptions = {
      clock: new ManualClock(),
      directory,
      fsync: "always",
      onError: failOnError,
    };
    try {
      const first = await openMemoryBackend(options);
      await first.backend.execute(["SET", "kept", "yes"], CALLER);
      await first.close();
      const second = await openMemoryBackend(options);
      expect(second.backend.keyCount()).toBe(1);
      expect(second.backend.engine.databases[0]?.get("kept")).toBe("yes");
      await second.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
