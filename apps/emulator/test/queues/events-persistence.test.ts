/**
 * The log (`GET /v2/events`, `logs`) is kept like messages and the DLQ: with a data directory,
 * every entry comes back after a restart (its time, state, message and response), new entries
 * continue its sequence (cursors stay valid), and the plan's retention (3 days on the default
 * instance's free plan) and size drop old entries in the next run as in this one.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "vitest";
import { type QueueFixture, startQueueFixture } from "./fixtures.ts";

const DAY_MS = 86_400_000;

/** The SDK's `Log` type leaves out the response fields the service sends on ERROR entries. */
interface Answered {
  readonly responseStatus?: number;
  readonly responseBody?: string;
}

async function withDataDir(run: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "stratus-queues-events-"));
  try {
    await run(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function logOf(fixture: QueueFixture, messageId: string) {
  const { logs } = await fixture.client.logs({ filter: { messageId } });
  return logs.reverse().map((log) => ({
    state: log.state,
    time: log.time,
    ...((log as Answered).responseStatus === undefined
      ? {}
      : { responseStatus: (log as Answered).responseStatus }),
    ...(log.error === undefined ? {} : { error: log.error }),
  }));
}

test("every message's log entries survive a restart, and new entries follow them", async ({
  expect,
}) => {
  await withDataDir(async (dataDir) => {
    let delivered = "";
    let failed = "";
    let before: Awaited<ReturnType<typeof logOf>>[] = [];
    const first = await startQueueFixture({ dataDir });
    try {
      const { client, target } = first;
      ({ messageId: delivered } = await client.publish({ url: `${target.url}/ok`, body: "a" }));
      await target.waitFor(1);
      await first.settle();
      target.answers = [{ status: 500, body: "broken" }];
      ({ messageId: failed } = await client.publish({
        url: `${target.url}/fails`,
        body: "b",
        retries: 0,
      }));
      await target.waitFor(2);
      await first.settle();
      before = [await logOf(first, delivered), await logOf(first, failed)];
      expect(before[0]?.map((entry) => entry.state)).toEqual(["CREATED", "ACTIVE", "DELIVERED"]);
      expect(before[1]?.map((entry) => entry.state)).toEqual([
        "CREATED",
        "ACTIVE",
        "ERROR",
        "FAILED",
      ]);
    } finally {
      await first.close();
    }

    const second = await startQueueFixture({ dataDir });
    try {
      expect([await logOf(second, delivered), await logOf(second, failed)]).toEqual(before);
      const [errorEntry] = (
        await second.client.logs({ filter: { messageId: failed, state: "ERROR" } })
      ).logs as (Awaited<ReturnType<typeof second.client.logs>>["logs"][number] & Answered)[];
      expect(errorEntry?.url).toMatch(/\/fails$/);
      expect(errorEntry?.responseStatus).toBe(500);
      expect(Buffer.from(errorEntry?.responseBody ?? "", "base64").toString()).toBe("broken");
      // A new message's entries come after the restored ones, newest first.
      const { messageId: later } = await second.client.publish({
        url: `${second.target.url}/later`,
        body: "c",
      });
      await second.target.waitFor(1);
      await second.settle();
      const page = await second.client.logs({ count: 3 });
      expect(page.logs.map((log) => log.messageId)).toEqual([later, later, later]);
      const older = await second.client.logs({ count: 7, cursor: page.cursor ?? "" });
      expect(older.logs.map((log) => log.messageId)).toEqual([
        ...Array(4).fill(failed),
        ...Array(3).fill(delivered),
      ]);
    } finally {
      await second.close();
    }
  });
});

test("entries past the plan's log retention are dropped, and stay dropped after a restart", async ({
  expect,
}) => {
  await withDataDir(async (dataDir) => {
    let old = "";
    let recent = "";
    let stoppedAt = 0;
    const first = await startQueueFixture({ dataDir });
    try {
      const { client, target } = first;
      ({ messageId: old } = await client.publish({ url: `${target.url}/old`, body: "a" }));
      await target.waitFor(1);
      await first.advance(2 * DAY_MS);
      ({ messageId: recent } = await client.publish({ url: `${target.url}/new`, body: "b" }));
      await target.waitFor(2);
      await first.settle();
      // Past 3 days for the first message only; the next request's housekeeping drops it.
      await first.advance(DAY_MS + 60_000);
      await client.publish({ url: `${target.url}/tick`, body: "c" });
      await target.waitFor(3);
      await first.settle();
      expect(await logOf(first, old)).toEqual([]);
      expect(await logOf(first, recent)).toHaveLength(3);
      stoppedAt = first.clock.now();
    } finally {
      await first.close();
    }
    // The journal still holds the dropped entries (it is append-only): restore drops them again.
    const second = await startQueueFixture({ dataDir, startAt: stoppedAt });
    try {
      expect(await logOf(second, old)).toEqual([]);
      expect(await logOf(second, recent)).toHaveLength(3);
    } finally {
      await second.close();
    }
  });
});
