/**
 * Flow-control keys keep their settings across a restart with a data directory: a paused key
 * still holds its messages, a pinned parallelism is still pinned. Running counters (in flight,
 * this period's starts) start over, as they describe the process that stopped.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "vitest";
import { startQueueFixture } from "./fixtures.ts";

test("a paused flow-control key and its pinned parallelism survive a restart", async ({
  expect,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), "stratus-queues-flow-"));
  try {
    let heldId = "";
    const first = await startQueueFixture({ dataDir });
    try {
      const { client, target } = first;
      await client.publish({
        url: `${target.url}/first`,
        body: "x",
        flowControl: { key: "held", parallelism: 5 },
      });
      await target.waitFor(1);
      await first.settle();
      await client.flowControl.pin("held", { parallelism: 2 });
      await client.flowControl.pause("held");
      ({ messageId: heldId } = await client.publish({
        url: `${target.url}/held`,
        body: "y",
        flowControl: { key: "held", parallelism: 5 },
      }));
      await first.settle();
      expect(target.deliveries).toHaveLength(1);
    } finally {
      await first.close();
    }

    const second = await startQueueFixture({ dataDir });
    try {
      const { client, target } = second;
      await second.settle();
      expect(await client.flowControl.get("held")).toMatchObject({
        flowControlKey: "held",
        isPaused: true,
        parallelismMax: 2,
        waitListSize: 1,
      });
      expect((await client.messages.get(heldId)).url).toMatch(/\/held$/);
      // Resumed, it is attempted (the first run's receiver is gone, so the attempt fails).
      await client.flowControl.resume("held");
      await second.settle();
      const states = (await client.logs({ filter: { messageId: heldId } })).logs.map(
        (log) => log.state,
      );
      expect(states).toContain("ACTIVE");
      expect(target.deliveries).toEqual([]);
    } finally {
      await second.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
