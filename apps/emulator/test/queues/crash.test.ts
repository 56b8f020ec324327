/**
 * Nothing accepted is lost across SIGKILL (issue 19): a child emulator with fsync `always`
 * accepts a delayed message, a queue, a URL group and a schedule, and has one message in flight
 * to a receiver that never answers; after the kill, an emulator on the same data directory still
 * holds them all, with their log entries, and delivers the in-flight message again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Client } from "@upstash/qstash";
import { test } from "vitest";
import { ManualClock } from "../../src/engine/clock.ts";
import { createEmulator } from "../../src/index.ts";
import { TestReceiver } from "./fixtures.ts";

const REGISTER_TS = fileURLToPath(new URL("../support/register-ts.mjs", import.meta.url));
const CHILD = fileURLToPath(new URL("./queue-child.mjs", import.meta.url));

async function startChild(
  dataDir: string,
): Promise<{ child: ChildProcess; queueUrl: string; queueToken: string }> {
  const child = spawn(
    process.execPath,
    ["--conditions=@stratus/source", "--import", REGISTER_TS, CHILD, dataDir],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as Readable }).once("line", resolve);
    child.once("exit", () => reject(new Error("the emulator child exited before it was ready")));
  });
  return { child, ...(JSON.parse(line) as { queueUrl: string; queueToken: string }) };
}

test("accepted messages, queues, URL groups, schedules and the log survive SIGKILL; in-flight is redelivered", {
  timeout: 60_000,
}, async ({ expect }) => {
  const dataDir = await mkdtemp(join(tmpdir(), "stratus-queues-crash-"));
  const target = await TestReceiver.start();
  try {
    const { child, queueUrl, queueToken } = await startChild(dataDir);
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const client = new Client({ baseUrl: queueUrl, token: queueToken, retry: false });
    target.answers = ["hang"];
    const inFlight = await client.publish({ url: `${target.url}/in-flight`, body: "again" });
    await target.waitFor(1);
    const delayed = await client.publish({
      url: `${target.url}/delayed`,
      body: "later",
      delay: "1h",
    });
    await client.queue({ queueName: "kept" }).upsert({ parallelism: 2 });
    await client.urlGroups.addEndpoints({
      name: "group",
      endpoints: [{ url: `${target.url}/group` }],
    });
    const { scheduleId } = await client.schedules.create({
      destination: `${target.url}/cron`,
      cron: "0 0 * * *",
    });
    child.kill("SIGKILL");
    await exited;

    target.answers = [{ status: 200 }];
    const clock = new ManualClock(Date.now());
    const restarted = await createEmulator({ port: 0, respPort: null, dataDir, clock });
    try {
      expect(restarted.queueToken).toBe(queueToken);
      await target.waitFor(2);
      const again = target.deliveries[1];
      expect(again?.path).toBe("/in-flight");
      expect(again?.headers["upstash-message-id"]).toBe(inFlight.messageId);
      const after = new Client({ baseUrl: restarted.queueUrl, token: queueToken, retry: false });
      expect((await after.messages.get(delayed.messageId)).body).toBe("later");
      expect(await after.queue({ queueName: "kept" }).get()).toMatchObject({ parallelism: 2 });
      expect((await after.urlGroups.get("group")).endpoints).toHaveLength(1);
      expect((await after.schedules.get(scheduleId)).cron).toBe("0 0 * * *");
      // The log too: the first run's entries, then the redelivery's.
      await restarted.queues.instances.get(restarted.queues.instanceIds()[0] ?? "")?.idle();
      const states = async (messageId: string) =>
        (await after.logs({ filter: { messageId } })).logs.map((log) => log.state).reverse();
      expect(await states(inFlight.messageId)).toEqual([
        "CREATED",
        "ACTIVE",
        "ACTIVE",
        "DELIVERED",
      ]);
      expect(await states(delayed.messageId)).toEqual(["CREATED"]);
    } finally {
      await restarted.close();
    }
  } finally {
    await target.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
