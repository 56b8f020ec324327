/**
 * Vector reads and in-flight fsyncs (hardening issue, point 4): under fsync `always` a read that
 * runs while an earlier write's fsync is in flight answers only after it, so no reader sees a
 * record a crash then loses; under `everysec` it answers at once.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterEach, describe, test, vi } from "vitest";
import { createVectorRoute } from "../../src/http/routes/vector.ts";
import { ManualClock } from "../../src/index.ts";
import type { FsyncPolicy } from "../../src/storage/index.ts";
import { holdNextFileOperation } from "../../src/storage/test-support.ts";
import { VectorService } from "../../src/vector/index.ts";
import { sendToRoute } from "./fixtures.ts";

interface Fixture {
  readonly service: VectorService;
  readonly directory: string;
  [Symbol.asyncDispose](): Promise<void>;
}

async function openService(fsync: FsyncPolicy): Promise<Fixture> {
  const directory = await mkdtemp(join(tmpdir(), "stratus-vector-durable-"));
  const service = await VectorService.open({
    clock: new ManualClock(),
    storeDirectory: directory,
    fsync,
  });
  await service.createIndex({
    name: "idx",
    type: "DENSE",
    dimension: 2,
    similarity: "EUCLIDEAN",
    token: "t",
    readOnlyToken: "r",
  });
  return {
    service,
    directory,
    [Symbol.asyncDispose]: async () => {
      await service.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Sends a request through the vector route, as the HTTP layer would; resolves with the JSON body. */
async function send(service: VectorService, path: string, body: unknown): Promise<unknown> {
  return (await sendToRoute(createVectorRoute({ service }), { path, body, token: "t" })).body;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("VectorService over a data directory", () => {
  test("fsync always: a fetch waits for the fsync of an earlier upsert", async ({ expect }) => {
    await using fixture = await openService("always");
    const { service } = fixture;
    const fsync = await holdNextFileOperation("datasync", fixture);
    try {
      // Given an upsert whose fsync is in flight
      const order: string[] = [];
      const upsert = send(service, "upsert", { id: "a", vector: [1, 2] }).then((body) => {
        order.push("upsert");
        return body;
      });
      await fsync.entered;

      // When another client fetches the record
      const fetched = send(service, "fetch", { ids: ["a"] }).then((body) => {
        order.push("fetch");
        return body;
      });
      await nextTurn();

      // Then neither answer is released before the fsync (across clients, either may go first)
      expect(order).toEqual([]);
      fsync.release();
      expect(await fetched).toEqual({ result: [{ id: "a" }] });
      expect(await upsert).toEqual({ result: "Success" });
      expect(order.toSorted()).toEqual(["fetch", "upsert"]);
    } finally {
      fsync.release();
    }
  });

  test("fsync everysec: a fetch answers at once while an earlier upsert is being written", async ({
    expect,
  }) => {
    await using fixture = await openService("everysec");
    const { service } = fixture;
    const write = await holdNextFileOperation("writev", fixture);
    try {
      // Given an upsert still being written
      let isUpsertAnswered = false;
      const upsert = send(service, "upsert", { id: "a", vector: [1, 2] }).then((body) => {
        isUpsertAnswered = true;
        return body;
      });
      await write.entered;

      // Then a fetch answers with it at once (Redis promises nothing more under everysec)
      expect(await send(service, "fetch", { ids: ["a"] })).toEqual({ result: [{ id: "a" }] });
      expect(isUpsertAnswered).toBe(false);
      write.release();
      expect(await upsert).toEqual({ result: "Success" });
    } finally {
      write.release();
    }
  });
});
