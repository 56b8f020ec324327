import type { FileHandle } from "node:fs/promises";
import { mkdir, open, readdir, rmdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, test, vi } from "vitest";
import { createMemoryStore } from "../../src/storage/memory-store.ts";
import { FSYNC_POLICIES, openStore, type Store } from "../../src/storage/store.ts";
import { createTempDir } from "./fixtures/temp-dir.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const text = (value: string): Uint8Array => encoder.encode(value);
const texts = (records: readonly Uint8Array[]): string[] =>
  records.map((record) => decoder.decode(record));

/** Spying on the prototype sees every handle the store opens, including ones opened later. */
async function fileHandlePrototype(directory: string): Promise<FileHandle> {
  const handle = await open(join(directory, "probe"), "w");
  await handle.close();
  return Object.getPrototypeOf(handle) as FileHandle;
}

async function contentsOf(
  store: Store,
): Promise<{ snapshot: string | undefined; records: string[] }> {
  const { snapshot, records } = await store.load();
  return { snapshot: snapshot && decoder.decode(snapshot), records: texts(records) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe.for(FSYNC_POLICIES)("openStore with fsync %s", (fsync) => {
  test("append, flush and load round-trip across a reopen", async ({ expect }) => {
    await using dir = await createTempDir();
    // Given a new store
    const first = await openStore({ dataDir: dir.path, name: "kv", fsync });
    expect(await first.load()).toEqual({ snapshot: undefined, records: [] });

    // When records are appended and the store reopened
    first.append(text("a"));
    first.append(new Uint8Array(0));
    first.append(text("ccc"));
    await first.flush();
    await first.close();
    await using second = await openStore({ dataDir: dir.path, name: "kv", fsync });

    // Then they load in order
    expect(await contentsOf(second)).toEqual({ snapshot: undefined, records: ["a", "", "ccc"] });
    expect(await readdir(dir.path)).toEqual(["kv.1.log"]);
  });

  test("a snapshot replaces the records before it; later ones follow it", async ({ expect }) => {
    await using dir = await createTempDir();
    // Given
    const first = await openStore({ dataDir: dir.path, name: "kv", fsync });
    first.append(text("a"));
    first.append(text("b"));

    // When
    await first.snapshot(text("state:ab"));
    first.append(text("c"));
    await first.close();
    await using second = await openStore({ dataDir: dir.path, name: "kv", fsync });

    // Then
    expect(await contentsOf(second)).toEqual({ snapshot: "state:ab", records: ["c"] });
    expect((await readdir(dir.path)).sort()).toEqual(["kv.1.snapshot", "kv.2.log"]);
  });

  test("records appended while a snapshot is written go to the new log", async ({ expect }) => {
    await using dir = await createTempDir();
    // Given
    const first = await openStore({ dataDir: dir.path, name: "kv", fsync });
    first.append(text("a"));

    // When b is appended after snapshot() was called, before it settles
    const snapshotted = first.snapshot(text("state:a"));
    first.append(text("b"));
    const flushed = first.flush();
    await snapshotted;
    await flushed;
    await first.close();

    // Then
    await using second = await openStore({ dataDir: dir.path, name: "kv", fsync });
    expect(await contentsOf(second)).toEqual({ snapshot: "state:a", records: ["b"] });
  });

  test("snapshots called back to back each cover what was appended before them", async ({
    expect,
  }) => {
    await using dir = await createTempDir();
    // Given
    const first = await openStore({ dataDir: dir.path, name: "kv", fsync });
    first.append(text("a"));

    // When
    const one = first.snapshot(text("state:a"));
    first.append(text("b"));
    const two = first.snapshot(text("state:ab"));
    first.append(text("c"));
    await Promise.all([one, two]);
    await first.close();

    // Then
    await using second = await openStore({ dataDir: dir.path, name: "kv", fsync });
    expect(await contentsOf(second)).toEqual({ snapshot: "state:ab", records: ["c"] });
    expect((await readdir(dir.path)).sort()).toEqual(["kv.2.snapshot", "kv.3.log"]);
  });
});

describe("openStore", () => {
  test("always: flush acknowledges only after the fsync, and writers arriving meanwhile share the next one", async ({
    expect,
  }) => {
    await using dir = await createTempDir();
    await using store = await openStore({ dataDir: dir.path, name: "kv", fsync: "always" });
    const prototype = await fileHandlePrototype(dir.path);
    const datasync = prototype.datasync;
    // Given an fsync that does not complete until released
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = (): void => undefined;
    const isSyncing = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const writev = vi.spyOn(prototype, "writev");
    const spy = vi.spyOn(prototype, "datasync").mockImplementationOnce(async function (
      this: FileHandle,
    ) {
      entered();
      await gate;
      return datasync.call(this);
    });

    // When one writer waits on the fsync and fifty more arrive during it
    store.append(text("first"));
    let isFirstAcknowledged = false;
    const first = store.flush().then(() => {
      isFirstAcknowledged = true;
    });
    await isSyncing;
    const rest = Array.from({ length: 50 }, (_, index) => {
      store.append(text(`w${index}`));
      return store.flush();
    });

    // Then nothing is acknowledged before the fsync returns
    expect(isFirstAcknowledged).toBe(false);
    release();
    await first;
    await Promise.all(rest);
    // and the fifty shared one write and one fsync
    expect(writev).toHaveBeenCalledTimes(2);
    expect(spy).toHaveBeenCalledTimes(2);
    expect((await store.load()).records).toHaveLength(51);
  });

  test("always: appends of one turn share one write and one fsync", async ({ expect }) => {
    await using dir = await createTempDir();
    await using store = await openStore({ dataDir: dir.path, name: "kv", fsync: "always" });
    const prototype = await fileHandlePrototype(dir.path);
    const writev = vi.spyOn(prototype, "writev");
    const datasync = vi.spyOn(prototype, "datasync");

    await Promise.all(
      Array.from({ length: 100 }, (_, index) => {
        store.append(text(`r${index}`));
        return store.flush();
      }),
    );

    expect(writev).toHaveBeenCalledTimes(1);
    expect(datasync).toHaveBeenCalledTimes(1);
  });

  test("everysec: flush waits for the write only; a timer fsyncs once a second if needed", async ({
    expect,
  }) => {
    await using dir = await createTempDir();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const store = await openStore({ dataDir: dir.path, name: "kv", fsync: "everysec" });
    const datasync = vi.spyOn(await fileHandlePrototype(dir.path), "datasync");

    // Given a written record, not yet fsynced
    store.append(text("a"));
    await store.flush();
    expect(datasync).not.toHaveBeenCalled();

    // When a second passes, it is fsynced
    vi.advanceTimersByTime(1000);
    await vi.waitFor(() => expect(datasync).toHaveBeenCalledTimes(1));
    // a second with nothing new written does nothing, the next write is fsynced a second later
    vi.advanceTimersByTime(1000);
    store.append(text("b"));
    await store.flush();
    vi.advanceTimersByTime(1000);
    await store.close();

    // Then: two timer fsyncs, plus the one of close (it runs after everything queued before it)
    expect(datasync).toHaveBeenCalledTimes(3);
  });

  test("no: never fsyncs while running; close does", async ({ expect }) => {
    await using dir = await createTempDir();
    const store = await openStore({ dataDir: dir.path, name: "kv", fsync: "no" });
    const datasync = vi.spyOn(await fileHandlePrototype(dir.path), "datasync");

    for (let index = 0; index < 10; index++) {
      store.append(text(`r${index}`));
      await store.flush();
    }
    expect(datasync).not.toHaveBeenCalled();
    await store.close();

    expect(datasync).toHaveBeenCalledTimes(1);
  });

  test("appends without a flush are written by close", async ({ expect }) => {
    await using dir = await createTempDir();
    const first = await openStore({ dataDir: dir.path, name: "kv" });
    first.append(text("a"));
    first.append(text("b"));
    await first.close();

    await using second = await openStore({ dataDir: dir.path, name: "kv" });
    expect(await contentsOf(second)).toEqual({ snapshot: undefined, records: ["a", "b"] });
  });

  test("logBytes counts the log since the last snapshot; snapshotDue turns true at the threshold", async ({
    expect,
  }) => {
    await using dir = await createTempDir();
    const options = { dataDir: dir.path, name: "kv", snapshotThresholdBytes: 30 };
    const store = await openStore(options);
    expect(store.logBytes).toBe(0);

    // Each record costs 8 bytes of framing.
    store.append(text("abc"));
    store.append(new Uint8Array(0));
    expect(store.logBytes).toBe(19);
    expect(store.snapshotDue).toBe(false);
    store.append(text("abc"));
    expect(store.logBytes).toBe(30);
    expect(store.snapshotDue).toBe(true);

    // A snapshot covers what came before it as soon as it is called.
    const snapshotted = store.snapshot(text("state"));
    expect(store.logBytes).toBe(0);
    store.append(text("hello"));
    await snapshotted;
    expect(store.logBytes).toBe(13);
    await store.close();

    await using reopened = await openStore(options);
    expect(reopened.logBytes).toBe(13);
  });

  test("a failed snapshot keeps the old snapshot and log in use", async ({ expect }) => {
    await using dir = await createTempDir();
    // Given a snapshot that cannot be written: its temporary path is taken by a directory
    const store = await openStore({ dataDir: dir.path, name: "kv" });
    store.append(text("a"));
    await mkdir(join(dir.path, "kv.1.snapshot.tmp"));

    // When
    const snapshotted = store.snapshot(text("state:a"));
    store.append(text("b"));

    // Then it rejects and every record stays in the log
    await expect(snapshotted).rejects.toThrow(/EISDIR|illegal operation on a directory/);
    store.append(text("c"));
    expect(store.logBytes).toBe(27);
    await store.close();
    await rmdir(join(dir.path, "kv.1.snapshot.tmp"));
    await using reopened = await openStore({ dataDir: dir.path, name: "kv" });
    expect(await contentsOf(reopened)).toEqual({ snapshot: undefined, records: ["a", "b", "c"] });
  });

  test("load() after writes reads the files again", async ({ expect }) => {
    await using dir = await createTempDir();
    await using store = await openStore({ dataDir: dir.path, name: "kv" });
    await store.load();

    store.append(text("a"));
    await store.snapshot(text("state:a"));
    store.append(text("b"));

    expect(await contentsOf(store)).toEqual({ snapshot: "state:a", records: ["b"] });
  });

  test("stores with different names share a directory without touching each other", async ({
    expect,
  }) => {
    await using dir = await createTempDir();
    const a = await openStore({ dataDir: dir.path, name: "a" });
    const ab = await openStore({ dataDir: dir.path, name: "a-b" });
    a.append(text("for a"));
    await a.snapshot(text("state a"));
    ab.append(text("for a-b"));
    await a.close();
    await ab.close();

    await using a2 = await openStore({ dataDir: dir.path, name: "a" });
    await using ab2 = await openStore({ dataDir: dir.path, name: "a-b" });
    expect(await contentsOf(a2)).toEqual({ snapshot: "state a", records: [] });
    expect(await contentsOf(ab2)).toEqual({ snapshot: undefined, records: ["for a-b"] });
  });

  test("a closed store refuses writes with ERR_INTERNAL; close is idempotent", async ({
    expect,
  }) => {
    await using dir = await createTempDir();
    const store = await openStore({ dataDir: dir.path, name: "kv" });
    await Promise.all([store.close(), store.close()]);

    expect(() => store.append(text("late"))).toThrow(
      expect.objectContaining({ code: "ERR_INTERNAL", message: 'Store "kv" is closed.' }),
    );
    await expect(store.snapshot(text("late"))).rejects.toMatchObject({ code: "ERR_INTERNAL" });
    await expect(store.flush()).resolves.toBeUndefined();
    await store.close();
  });

  test.for(["", "../kv", "kv.1", "a/b", "-kv"])(
    "refuses the store name %j",
    async (name, { expect }) => {
      await using dir = await createTempDir();
      await expect(openStore({ dataDir: dir.path, name })).rejects.toMatchObject({
        code: "ERR_INTERNAL",
      });
    },
  );
});

describe("createMemoryStore", () => {
  test("keeps nothing and never asks for a snapshot", async ({ expect }) => {
    const store = createMemoryStore();
    store.append(text("a"));
    await store.flush();
    await store.snapshot(text("state"));

    expect(await store.load()).toEqual({ snapshot: undefined, records: [] });
    expect(store.logBytes).toBe(0);
    expect(store.snapshotDue).toBe(false);
    await store.close();
    expect(() => store.append(text("late"))).toThrow(
      expect.objectContaining({ code: "ERR_INTERNAL" }),
    );
  });
});
