/**
 * `POST /_stratus/reset/queues[/id]` (the control endpoint's StatefulProduct): an instance loses
 * its messages, dead letters, queues, schedules, URL groups, deduplication ids and log, in memory
 * and in the data directory; its token and signing keys stay.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@upstash/qstash";
import { test } from "vitest";
import type { Emulator } from "../../src/index.ts";
import { startQueueFixture } from "./fixtures.ts";

function control(emulator: Emulator, path: string): Promise<Response> {
  const basic = Buffer.from(`${emulator.email}:${emulator.apiKey}`).toString("base64");
  return fetch(`${emulator.url}/_stratus${path}`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}` },
  });
}

test("reset empties the queue instance, keeps its credentials, and nothing comes back on restart", async ({
  expect,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), "stratus-queues-reset-"));
  try {
    const fixture = await startQueueFixture({ dataDir });
    const { client, target, emulator } = fixture;
    const token = emulator.queueToken;
    let instanceId = "";
    try {
      target.answers = [{ status: 500 }];
      await client.publish({ url: `${target.url}/fail`, body: "x", retries: 0 });
      await target.waitFor(1);
      await fixture.settle();
      const delayed = await client.publish({ url: `${target.url}/later`, body: "y", delay: 60 });
      await client.queue({ queueName: "kept" }).upsert({ parallelism: 2 });
      await client.urlGroups.addEndpoints({ name: "group", endpoints: [{ url: target.url }] });
      await client.schedules.create({ destination: target.url, cron: "0 0 * * *" });
      const dedup = await client.publish({
        url: `${target.url}/later`,
        body: "z",
        delay: 60,
        deduplicationId: "once",
      });
      expect((await client.dlq.listMessages()).messages).toHaveLength(1);

      const instances = [...emulator.queues.instances.keys()];
      instanceId = instances[0] ?? "";
      expect((await control(emulator, "/reset/queues/no-such-instance")).status).toBe(404);
      expect((await control(emulator, `/reset/queues/${instanceId}`)).status).toBe(200);

      expect(emulator.queueToken).toBe(token);
      expect((await client.dlq.listMessages()).messages).toEqual([]);
      await expect(client.messages.get(delayed.messageId)).rejects.toThrow(/not found/);
      expect(await client.queue().list()).toEqual([]);
      expect(await client.urlGroups.list()).toEqual([]);
      expect(await client.schedules.list()).toEqual([]);
      expect((await client.logs()).logs).toEqual([]);
      // The deduplication id is forgotten: the same publish is accepted as a new message.
      const again = await client.publish({
        url: `${target.url}/later`,
        body: "z",
        delay: 60,
        deduplicationId: "once",
      });
      expect(again.messageId).not.toBe(dedup.messageId);
      expect(again.deduplicated).toBeFalsy();
      // The delayed message never fires.
      await fixture.advance(120_000);
      expect(target.deliveries.map((delivery) => delivery.path)).toEqual(["/fail", "/later"]);
      expect((await control(emulator, "/reset/queues")).status).toBe(200);
    } finally {
      await fixture.close();
    }

    const restarted = await startQueueFixture({ dataDir });
    try {
      const after = new Client({ baseUrl: restarted.emulator.queueUrl, token, retry: false });
      expect(restarted.emulator.queueToken).toBe(token);
      expect((await after.dlq.listMessages()).messages).toEqual([]);
      expect(await after.queue().list()).toEqual([]);
      expect(await after.schedules.list()).toEqual([]);
      expect(await after.urlGroups.list()).toEqual([]);
      expect((await after.logs()).logs).toEqual([]);
      await restarted.advance(120_000);
      expect(restarted.target.deliveries).toEqual([]);
    } finally {
      await restarted.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
