import { deepStrictEqual, strictEqual } from "node:assert/strict";
import {
  copyFile,
  mkdir,
  readdir,
  readFile,
  rm,
  stat,
  truncate,
  writeFile,
} from "node:fs/promises";
import { join } from "node:path";
import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { openStore, type Store } from "../../src/storage/store.ts";
import { createTempDir } from "./fixtures/temp-dir.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const text = (value: string): Uint8Array => encoder.encode(value);

/** Record framing: u32 length and u32 CRC before each payload. */
const HEADER_BYTES = 8;

async function writeStore(
  directory: string,
  write: (store: Store) => Promise<void> | void,
): Promise<void> {
  const store = await openStore({ dataDir: directory, name: "kv", fsync: "no" });
  await write(store);
  await store.close();
}

async function flipByte(path: string, offset: number): Promise<void> {
  const bytes = await readFile(path);
  bytes[offset] = (bytes[offset] ?? 0) ^ 0x01;
  await writeFile(path, bytes);
}

describe("recovery", () => {
  // A failing seed becomes a named test (STYLE.md §13).
  fcTest.prop([fc.array(fc.uint8Array({ maxLength: 48 }), { maxLength: 12 }), fc.nat()])(
    "a log cut at any byte loads every record completed before the cut and reports the rest dropped",
    async (records, seed) => {
      await using dir = await createTempDir();
      // Given a log of `records`, cut at an arbitrary byte
      await writeStore(dir.path, (store) => {
        for (const record of records) {
          store.append(record);
        }
      });
      const log = join(dir.path, "kv.1.log");
      const cut = seed % ((await stat(log)).size + 1);
      await truncate(log, cut);
      let end = 0;
      let complete = 0;
      while (
        complete < records.length &&
        end + HEADER_BYTES + (records[complete]?.byteLength ?? 0) <= cut
      ) {
        end += HEADER_BYTES + (records[complete]?.byteLength ?? 0);
        complete++;
      }

      // When it is opened
      const warnings: string[] = [];
      const store = await openStore({
        dataDir: dir.path,
        name: "kv",
        onWarning: (message) => warnings.push(message),
      });
      const contents = await store.load();

      // Then the complete records load, the torn one is dropped and reported, the file is cut back
      deepStrictEqual(
        contents.records.map((record) => [...record]),
        records.slice(0, complete).map((record) => [...record]),
      );
      strictEqual(contents.dropped?.bytes, cut === end ? undefined : cut - end);
      strictEqual(warnings.length, cut === end ? 0 : 1);
      strictEqual((await stat(log)).size, end);
      // and the store appends after the last whole record
      store.append(text("after"));
      await store.close();
      const reopened = await openStore({ dataDir: dir.path, name: "kv" });
      const again = await reopened.load();
      await reopened.close();
      strictEqual(again.records.length, complete + 1);
      strictEqual(again.dropped, undefined);
    },
  );

  test("a torn tail is truncated with a warning naming the file, offset and reason", async ({
    expect,
  }) => {
    await using dir = await createTempDir();
    // Given the last record cut short
    await writeStore(dir.path, (store) => {
      store.append(text("whole"));
      store.append(text("torn record"));
    });
    const log = join(dir.path, "kv.1.log");
    await truncate(log, 13 + 12);

    // When
    const warnings: string[] = [];
    await using store = await openStore({
      dataDir: dir.path,
      name: "kv",
      onWarning: (message) => warnings.push(message),
    });

    // Then
    const contents = await store.load();
    expect(contents.records.map((record) => decoder.decode(record))).toEqual(["whole"]);
    expect(contents.dropped).toEqual({
      bytes: 12,
      reason: "an incomplete record (11 bytes declared, 4 present) at offset 13",
    });
    expect(warnings).toEqual([
      `Truncated log ${log} to 13 bytes: dropped 12 bytes holding an incomplete record ` +
        "(11 bytes declared, 4 present) at offset 13, the end of a write that a crash cut short.",
    ]);
  });

  test("a zero-filled tail (an extended file never written) is dropped", async ({ expect }) => {
    await using dir = await createTempDir();
    await writeStore(dir.path, (store) => store.append(text("whole")));
    const log = join(dir.path, "kv.1.log");
    await writeFile(log, Buffer.concat([await readFile(log), new Uint8Array(4096)]));

    await using store = await openStore({ dataDir: dir.path, name: "kv", onWarning: () => {} });

    const contents = await store.load();
    expect(contents.records).toHaveLength(1);
    expect(contents.dropped?.bytes).toBe(4096);
  });

  test.for([
    [
      "a payload byte",
      (bytes: Uint8Array) => {
        bytes[8] = (bytes[8] ?? 0) ^ 0x01;
      },
    ],
    [
      "a CRC byte",
      (bytes: Uint8Array) => {
        bytes[4] = (bytes[4] ?? 0) ^ 0x01;
      },
    ],
    [
      "the length, grown past the end of the file",
      (bytes: Uint8Array) => {
        bytes[3] = 0x40;
      },
    ],
    [
      "the length, shrunk",
      (bytes: Uint8Array) => {
        bytes[0] = 1;
      },
    ],
  ] as const)(
    "damage before the tail (%s of the first record) is ERR_DATA_CORRUPT; the log is kept",
    async ([, damage], { expect }) => {
      await using dir = await createTempDir();
      // Given three records, the first damaged
      await writeStore(dir.path, (store) => {
        store.append(text("one"));
        store.append(text("two"));
        store.append(text("three"));
      });
      const log = join(dir.path, "kv.1.log");
      const bytes = await readFile(log);
      damage(bytes);
      await writeFile(log, bytes);

      // When / Then
      await expect(openStore({ dataDir: dir.path, name: "kv" })).rejects.toMatchObject({
        name: "EmulatorError",
        code: "ERR_DATA_CORRUPT",
        message: expect.stringMatching(
          new RegExp(`^Log ${log} is corrupt at offset 0 \\(.+\\), yet a valid record follows`),
        ),
      });
      expect(await readFile(log)).toEqual(bytes);
    },
  );

  test("damage in the middle names its offset", async ({ expect }) => {
    await using dir = await createTempDir();
    await writeStore(dir.path, (store) => {
      store.append(text("one"));
      store.append(text("two"));
      store.append(text("three"));
    });
    const log = join(dir.path, "kv.1.log");
    await flipByte(log, 11 + 9);

    await expect(openStore({ dataDir: dir.path, name: "kv" })).rejects.toThrow(
      `Log ${log} is corrupt at offset 11 (a record whose CRC does not match), yet a valid record follows at offset 22.`,
    );
  });

  test.for([
    ["a flipped state byte", 30, /CRC mismatch/],
    ["a wrong magic", 0, /snapshot magic/],
    ["an unknown version", 8, /format version 0/],
    ["a wrong length", 16, /declares/],
    ["a truncated file", -1, /declares/],
  ] as const)(
    "a snapshot with %s is refused with ERR_DATA_CORRUPT",
    async ([, offset, detail], { expect }) => {
      await using dir = await createTempDir();
      // Given a snapshot, then damage to it
      await writeStore(dir.path, async (store) => {
        store.append(text("a"));
        await store.snapshot(text("the whole state of the store"));
        store.append(text("b"));
      });
      const snapshot = join(dir.path, "kv.1.snapshot");
      if (offset >= 0) {
        await flipByte(snapshot, offset);
      } else {
        await truncate(snapshot, (await stat(snapshot)).size - 1);
      }
      const files = (await readdir(dir.path)).sort();

      // When / Then: refused, never loaded half, nothing deleted
      await expect(openStore({ dataDir: dir.path, name: "kv" })).rejects.toMatchObject({
        code: "ERR_DATA_CORRUPT",
        message: expect.stringMatching(
          new RegExp(`^Snapshot ${snapshot} is corrupt: .*${detail.source}`),
        ),
      });
      expect((await readdir(dir.path)).sort()).toEqual(files);
    },
  );

  test("a log whose snapshot is missing is ERR_DATA_CORRUPT", async ({ expect }) => {
    await using dir = await createTempDir();
    await writeStore(dir.path, async (store) => {
      await store.snapshot(text("state 1"));
      store.append(text("after 1"));
      await store.snapshot(text("state 2"));
      store.append(text("after 2"));
    });
    await rm(join(dir.path, "kv.2.snapshot"));

    await expect(openStore({ dataDir: dir.path, name: "kv" })).rejects.toMatchObject({
      code: "ERR_DATA_CORRUPT",
      message: expect.stringContaining(
        `Log ${join(dir.path, "kv.3.log")} follows snapshot kv.2.snapshot, which is missing`,
      ),
    });
  });

  test("a crash during a snapshot leaves a temporary file that is ignored and deleted", async ({
    expect,
  }) => {
    await using dir = await createTempDir();
    await writeStore(dir.path, (store) => store.append(text("a")));
    await writeFile(join(dir.path, "kv.1.snapshot.tmp"), "half a snapshot");

    await using store = await openStore({ dataDir: dir.path, name: "kv" });

    const contents = await store.load();
    expect(contents.snapshot).toBeUndefined();
    expect(contents.records.map((record) => decoder.decode(record))).toEqual(["a"]);
    expect(await readdir(dir.path)).toEqual(["kv.1.log"]);
  });

  test("a crash after a snapshot committed but before old files were deleted", async ({
    expect,
  }) => {
    await using dir = await createTempDir();
    // Given the superseded log and an older snapshot still on disk
    await mkdir(join(dir.path, "old"));
    await writeStore(dir.path, async (store) => {
      await store.snapshot(text("state 1"));
      store.append(text("in log 2"));
      await store.flush();
      await copyFile(join(dir.path, "kv.1.snapshot"), join(dir.path, "old", "kv.1.snapshot"));
      await copyFile(join(dir.path, "kv.2.log"), join(dir.path, "old", "kv.2.log"));
      await store.snapshot(text("state 2"));
      store.append(text("in log 3"));
    });
    await copyFile(join(dir.path, "old", "kv.1.snapshot"), join(dir.path, "kv.1.snapshot"));
    await copyFile(join(dir.path, "old", "kv.2.log"), join(dir.path, "kv.2.log"));

    // When
    await using store = await openStore({ dataDir: dir.path, name: "kv" });

    // Then the latest snapshot and its log load, and the rest is deleted
    const contents = await store.load();
    expect(decoder.decode(contents.snapshot)).toBe("state 2");
    expect(contents.records.map((record) => decoder.decode(record))).toEqual(["in log 3"]);
    expect((await readdir(dir.path)).sort()).toEqual(["kv.2.snapshot", "kv.3.log", "old"]);
  });
});
