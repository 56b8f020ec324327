/**
 * `createQueue` against the emulator's default queue instance, with `@stratus/testing`'s receiver
 * checking what is delivered and the manual clock driving retries.
 */
import { startEmulator, startQueueReceiver, type TestEmulator } from "@stratus/testing";
import { afterEach, beforeEach, test } from "vitest";
import { createQueue, HttpError, type Queue } from "../src/index.ts";

let emu: TestEmulator;
let queue: Queue;

beforeEach(async () => {
  emu = await startEmulator();
  queue = createQueue({ url: emu.queue.url, token: emu.queue.token, retry: false });
});
afterEach(async () => {
  await queue.close();
  await emu.stop();
});

test("publishJSON is delivered, signed; the log shows it delivered", async ({ expect }) => {
  await using receiver = await startQueueReceiver(emu.queue);
  const result = await queue.publishJSON({
    destination: `${receiver.url}/hook`,
    body: { a: 1 },
    headers: { "x-app": "1" },
  });
  const messageId = Array.isArray(result) ? "" : result.messageId;
  const [delivery] = await receiver.waitFor(1);
  expect(delivery).toMatchObject({
    path: "/hook",
    body: '{"a":1}',
    messageId,
    signatureValid: true,
  });
  expect(delivery?.headers["x-app"]).toBe("1");
  const delivered = await queue.waitForState(messageId, "DELIVERED");
  expect(delivered.messageId).toBe(messageId);
});

test("a failing destination ends in the DLQ on the manual clock; retry from the DLQ delivers", async ({
  expect,
}) => {
  let failing = true;
  await using receiver = await startQueueReceiver({
    ...emu.queue,
    answer: () => (failing ? { status: 503, body: "down" } : { status: 200 }),
  });
  const result = await queue.publish({
    destination: `${receiver.url}/x`,
    body: "b",
    retries: 1,
    retryDelay: "500",
  });
  const messageId = Array.isArray(result) ? "" : result.messageId;
  await receiver.waitFor(1);
  await queue.waitForState(messageId, "RETRY");
  emu.clock.advance(500);
  await receiver.waitFor(2);
  await queue.waitForState(messageId, "FAILED");
  const { messages } = await queue.dlq.list();
  expect(messages[0]).toMatchObject({ messageId, responseStatus: 503, responseBody: "down" });
  failing = false;
  const [retried] = await queue.dlq.retry([messages[0]?.dlqId ?? ""]);
  await receiver.waitFor(3);
  await queue.waitForState(retried ?? "", "DELIVERED");
  await expect(queue.messages.get("msg_unknown")).rejects.toBeInstanceOf(HttpError);
});

test("queues, schedules and URL groups round-trip", async ({ expect }) => {
  await queue.queues.upsert({ name: "q", parallelism: 3 });
  expect(await queue.queues.get("q")).toMatchObject({
    name: "q",
    parallelism: 3,
    lag: 0,
    paused: false,
  });
  const scheduleId = await queue.schedules.create({
    destination: "https://example.com/x",
    cron: "0 * * * *",
    body: "x",
  });
  expect((await queue.schedules.list()).map((schedule) => schedule.scheduleId)).toEqual([
    scheduleId,
  ]);
  await queue.urlGroups.addEndpoints("g", [{ name: "a", url: "https://example.com/a" }]);
  expect(await queue.urlGroups.get("g")).toMatchObject({
    name: "g",
    endpoints: [{ name: "a", url: "https://example.com/a" }],
  });
  const keys = await queue.keys.get();
  expect(keys).toEqual({ current: emu.queue.currentSigningKey, next: emu.queue.nextSigningKey });
});
