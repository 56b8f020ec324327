/**
 * Vector persistence (STYLE.md §7.5): acknowledged writes survive a process that never closed its
 * store, a clean restart (snapshot), and SIGKILL of a real emulator mid-stream.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Index } from "@upstash/vector";
import { test } from "vitest";
import { createVectorRoute } from "../../src/http/routes/vector.ts";
import { createEmulator, ManualClock } from "../../src/index.ts";
import { VectorService } from "../../src/vector/index.ts";
import { decodeJournalEntry, encodeJournalEntry } from "../../src/vector/persistence.ts";
import { sendToRoute } from "./fixtures.ts";

const REGISTER_TS = fileURLToPath(new URL("../support/register-ts.mjs", import.meta.url));
const CHILD = fileURLToPath(new URL("./vector-child.mjs", import.meta.url));

async function withDirectory(run: (directory: string) => Promise<void>): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), "stratus-vector-"));
  try {
    await run(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Sends requests with `token` through the vector route, as the HTTP layer would. */
function sender(token: string) {
  return (service: VectorService, path: string, body: unknown) =>
    sendAs(service, { path, body, token });
}

const send = sender("t");

async function sendAs(
  service: VectorService,
  { path, body, token }: { path: string; body: unknown; token: string },
): Promise<unknown> {
  return (await sendToRoute(createVectorRoute({ service }), { path, body, token })).body;
}

async function seed(service: VectorService): Promise<void> {
  await service.createIndex({
    name: "idx",
    type: "HYBRID",
    dimension: 3,
    similarity: "EUCLIDEAN",
    token: "t",
    readOnlyToken: "r",
  });
  await send(service, "upsert", [
    {
      id: "a",
      vector: [0.1, 0.2, 0.3],
      sparseVector: { indices: [5, 1], values: [0.7, 0.3] },
      metadata: { m: [1, { x: "y" }] },
      data: "ä data",
    },
    { id: "b", vector: [1, 2, 3], sparseVector: { indices: [2], values: [1] } },
  ]);
  await send(service, "upsert/ns", {
    id: "c",
    vector: [3, 2, 1],
    sparseVector: { indices: [0], values: [1] },
  });
  await send(service, "update", { id: "b", metadata: { k: 1 } });
  await send(service, "upsert", {
    id: "gone",
    vector: [0, 0, 0],
    sparseVector: { indices: [0], values: [1] },
  });
  await send(service, "delete", { ids: ["gone"] });
  await send(service, "upsert/tmp", {
    id: "z",
    vector: [0, 0, 0],
    sparseVector: { indices: [0], values: [1] },
  });
  await send(service, "delete-namespace/tmp", []);
}

const EVERYTHING = { includeVectors: true, includeMetadata: true, includeData: true };

async function expectSeeded(
  service: VectorService,
  expect: (value: unknown) => { toEqual(expected: unknown): void },
): Promise<void> {
  expect(await send(service, "fetch", { ids: ["a", "b", "gone"], ...EVERYTHING })).toEqual({
    result: [
      {
        id: "a",
        vector: [0.1, 0.2, 0.3],
        sparseVector: { indices: [1, 5], values: [0.3, 0.7] },
        metadata: { m: [1, { x: "y" }] },
        data: "ä data",
      },
      {
        id: "b",
        vector: [1, 2, 3],
        sparseVector: { indices: [2], values: [1] },
        metadata: { k: 1 },
      },
      null,
    ],
  });
  expect(await send(service, "list-namespaces", [])).toEqual({ result: ["", "ns"] });
  expect(await send(service, "fetch/ns", { ids: ["c"] })).toEqual({ result: [{ id: "c" }] });
}

test("acknowledged writes are replayed by a service that never closed the first", async ({
  expect,
}) => {
  await withDirectory(async (directory) => {
    const clock = new ManualClock();
    // Given writes acknowledged by a service that is then abandoned, as after a crash
    const first = await VectorService.open({ clock, storeDirectory: directory, fsync: "always" });
    await seed(first);
    // When a second service opens the same directory
    const second = await VectorService.open({ clock, storeDirectory: directory });
    try {
      // Then every write is there, tokens included
      await expectSeeded(second, expect);
      expect(await sender("wrong")(second, "info", [])).toEqual({
        error: "Unauthorized: Invalid auth token",
        status: 401,
      });
    } finally {
      await second.close();
      // The abandoned service's closing snapshot collides with the second one's generation, as
      // two writers on one store must; closing still releases its file.
      await first.close().catch(() => undefined);
    }
  });
});

test("a clean restart loads the snapshot, then later writes from the log", async ({ expect }) => {
  await withDirectory(async (directory) => {
    const clock = new ManualClock();
    const first = await VectorService.open({ clock, storeDirectory: directory });
    await seed(first);
    await first.close();
    const second = await VectorService.open({ clock, storeDirectory: directory });
    await expectSeeded(second, expect);
    await send(second, "upsert", {
      id: "later",
      vector: [1, 1, 1],
      sparseVector: { indices: [3], values: [1] },
    });
    const handle = second.getIndex("idx");
    const tokens = handle?.resetTokens();
    await second.close();
    const third = await VectorService.open({ clock, storeDirectory: directory });
    try {
      expect(third.getIndex("idx")?.token).toBe(tokens?.token);
      expect(await sender(tokens?.token ?? "")(third, "fetch", { ids: ["later"] })).toEqual({
        result: [{ id: "later" }],
      });
      expect(await third.deleteIndex("idx")).toBe(true);
    } finally {
      await third.close();
    }
    const fourth = await VectorService.open({ clock, storeDirectory: directory });
    expect(fourth.listIndexes()).toEqual([]);
    await fourth.close();
  });
});

test("journal entries round-trip exactly, float32 included", ({ expect }) => {
  const entry = {
    op: "put" as const,
    index: "i",
    namespace: "n",
    records: [
      {
        id: "x",
        vector: Float32Array.from([0.1, -3.4e38, 1e-45]),
        sparseVector: { indices: Int32Array.from([-5, 7]), values: Float32Array.from([0.3, 2]) },
        metadata: { a: 1 },
        data: "d",
      },
    ],
  };
  expect(decodeJournalEntry(encodeJournalEntry(entry))).toEqual(entry);
});

test("acknowledged upserts survive SIGKILL of a real emulator", { timeout: 60_000 }, async ({
  expect,
}) => {
  await withDirectory(async (dataDir) => {
    const { child, exited, index, vectorToken } = await startChild(dataDir, "everysec");

    // Given four writers upserting until 200 upserts are acknowledged, then a SIGKILL
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (writerId: number): Promise<void> => {
      for (let n = 0; !killed; n++) {
        const id = `w${writerId}-${n}`;
        try {
          await index.upsert({ id, data: `document ${id}` });
        } catch {
          return; // the process died with this write in flight: never acknowledged
        }
        acknowledged.push(id);
        if (acknowledged.length >= 200 && !killed) {
          killed = true;
          child.kill("SIGKILL");
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map((writerId) => writer(writerId)));
    await exited;

    // Then a restarted emulator has every acknowledged upsert, under the same token
    await using restarted = await createEmulator({ port: 0, respPort: null, dataDir });
    expect(restarted.vectorToken).toBe(vectorToken);
    const after = new Index({
      url: restarted.vectorUrl,
      token: restarted.vectorToken,
      retry: false,
    });
    const fetched = await after.fetch(acknowledged, { includeData: true });
    const missing = acknowledged.filter((id, i) => fetched[i]?.data !== `document ${id}`);
    expect(acknowledged.length).toBeGreaterThanOrEqual(200);
    expect(missing).toEqual([]);
  });
});

test("large upserts survive SIGKILL bit for bit", {
  timeout: 60_000,
}, async ({ expect }) => {
  await withDirectory(async (dataDir) => {
    const { child, exited, index } = await startChild(dataDir, "always");

    // Given batches of 100 × 384 float32 values (about 800 KB of JSON each, above the size that
    // may be read by two threads, once the reading thread has started) acknowledged, then a SIGKILL
    const sent = new Map<string, number[]>();
    for (let batch = 0; batch < 8; batch++) {
      const records = Array.from({ length: 100 }, (_, row) => ({
        id: `b${batch}-${row}`,
        vector: Array.from({ length: 384 }, (_, column) =>
          Math.fround(Math.sin(batch * 1000 + row * 384 + column) / (column + 1)),
        ),
      }));
      await index.upsert(records);
      for (const record of records) {
        sent.set(record.id, record.vector);
      }
    }
    child.kill("SIGKILL");
    await exited;

    // Then a restarted emulator has every vector, each float32 exactly (the service writes the
    // shortest text of the float32, which Math.fround reads back to it)
    await using restarted = await createEmulator({ port: 0, respPort: null, dataDir });
    const after = new Index({
      url: restarted.vectorUrl,
      token: restarted.vectorToken,
      retry: false,
    });
    const ids = [...sent.keys()];
    const fetched = await after.fetch(ids, { includeVectors: true });
    const wrong = ids.filter((id, i) => {
      const vector = fetched[i]?.vector;
      const expected = sent.get(id) ?? [];
      return (
        vector?.length !== expected.length ||
        vector.some((value, c) => !Object.is(Math.fround(value), expected[c]))
      );
    });
    expect(fetched.length).toBe(800);
    expect(wrong).toEqual([]);
  });
});

/** An emulator in a child process on `dataDir` (so it can be SIGKILLed), and a client of it. */
async function startChild(
  dataDir: string,
  fsync: "always" | "everysec",
): Promise<{ child: ChildProcess; exited: Promise<void>; index: Index; vectorToken: string }> {
  const child = spawn(
    process.execPath,
    ["--conditions=@stratus/source", "--import", REGISTER_TS, CHILD, dataDir, fsync],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", () => reject(new Error("the emulator child exited before it was ready")));
  });
  const { vectorUrl, vectorToken } = JSON.parse(firstLine) as {
    vectorUrl: string;
    vectorToken: string;
  };
  return {
    child,
    exited,
    index: new Index({ url: vectorUrl, token: vectorToken, retry: false }),
    vectorToken,
  };
}
