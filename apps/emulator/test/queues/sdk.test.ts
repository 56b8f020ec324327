/**
 * The queue API driven by the real `@upstash/qstash` client, unmodified: publish and delivery with
 * a signature its `Receiver` verifies, retries to the DLQ on the manual clock, callbacks, queues,
 * schedules, URL groups, deduplication and the log (issue 19).
 */
import { Client } from "@upstash/qstash";
import { afterEach, beforeEach, describe, test } from "vitest";
import { type QueueFixture, startQueueFixture } from "./fixtures.ts";

let fixture: QueueFixture;

beforeEach(async () => {
  fixture = await startQueueFixture();
});

afterEach(async () => {
  await fixture.close();
});

describe("publish and delivery", () => {
  test("publishJSON is delivered once, signed for the Receiver, with the service's headers", async ({
    expect,
  }) => {
    const { client, target, receiver } = fixture;
    const url = `${target.url}/hook?x=1`;
    const result = await client.publishJSON({
      url,
      body: { hello: "world" },
      headers: { "x-custom": "yes" },
    });
    expect(result.messageId).toMatch(/^msg_/);
    expect(result.url).toBe(url);
    await target.waitFor(1);
    await fixture.settle();
    const [delivery] = target.deliveries;
    expect(delivery?.method).toBe("POST");
    expect(delivery?.path).toBe("/hook?x=1");
    expect(delivery?.body).toBe('{"hello":"world"}');
    expect(delivery?.headers["content-type"]).toBe("application/json");
    expect(delivery?.headers["x-custom"]).toBe("yes");
    expect(delivery?.headers["upstash-message-id"]).toBe(result.messageId);
    expect(delivery?.headers["upstash-retried"]).toBe("0");
    expect(delivery?.headers["user-agent"]).toBe("Upstash-QStash");
    expect(delivery?.headers["authorization"]).toBeUndefined();
    const signature = String(delivery?.headers["upstash-signature"]);
    await expect(receiver.verify({ signature, body: delivery?.body ?? "", url })).resolves.toBe(
      true,
    );
    await expect(receiver.verify({ signature, body: "tampered", url })).rejects.toThrow(
      /body hash/,
    );
    const logs = await client.logs({ filter: { messageId: result.messageId } });
    expect(logs.logs.map((log) => log.state).reverse()).toEqual(["CREATED", "ACTIVE", "DELIVERED"]);
    await expect(client.messages.get(result.messageId)).rejects.toThrow(/not found/);
  });

  test("a delay holds the message until the clock reaches it; messages.get shows it meanwhile", async ({
    expect,
  }) => {
    const { client, target } = fixture;
    const { messageId } = await client.publish({
      url: `${target.url}/later`,
      body: "b",
      delay: 60,
      method: "PUT",
    });
    await fixture.settle();
    expect(target.deliveries).toHaveLength(0);
    const message = await client.messages.get(messageId);
    expect(message).toMatchObject({
      messageId,
      method: "PUT",
      body: "b",
      url: `${target.url}/later`,
    });
    expect(message.notBefore).toBe(fixture.clock.now() + 60_000);
    await fixture.advance(59_000);
    expect(target.deliveries).toHaveLength(0);
    await fixture.advance(1_000);
    await target.waitFor(1);
    expect(target.deliveries[0]?.method).toBe("PUT");
  });

  test("redacted fields are hidden from the API and the log, not from the destination", async ({
    expect,
  }) => {
    const { client, target } = fixture;
    const { messageId } = await client.publish({
      url: target.url,
      body: "secret body",
      headers: { "x-secret": "s", "x-plain": "p" },
      redact: { body: true, header: ["X-Secret"] },
      delay: 10,
    });
    const message = await client.messages.get(messageId);
    expect(message.body).toBeUndefined();
    expect(message.header).toMatchObject({ "X-Plain": ["p"] });
    expect(message.header).not.toHaveProperty("X-Secret");
    const { logs } = await client.logs({ filter: { messageId } });
    expect(logs[0]?.body).toBeUndefined();
    await fixture.advance(10_000);
    await target.waitFor(1);
    expect(target.deliveries[0]).toMatchObject({ body: "secret body" });
    expect(target.deliveries[0]?.headers["x-secret"]).toBe("s");
  });

  test("a cancelled message is never delivered", async ({ expect }) => {
    const { client, target } = fixture;
    const { messageId } = await client.publish({ url: target.url, body: "x", delay: "10s" });
    await expect(client.messages.cancel(messageId)).resolves.toEqual({ cancelled: 1 });
    await fixture.advance(20_000);
    expect(target.deliveries).toHaveLength(0);
    const { logs } = await client.logs({ filter: { messageId } });
    expect(logs[0]?.state).toBe("CANCELLED");
  });

  test("batchJSON publishes each entry; deduplication answers the first message's id", async ({
    expect,
  }) => {
    const { client, target } = fixture;
    const results = await client.batchJSON([
      { url: `${target.url}/a`, body: { n: 1 } },
      { url: `${target.url}/b`, body: { n: 2 }, delay: 5 },
    ]);
    expect(results).toHaveLength(2);
    const first = await client.publish({ url: `${target.url}/d`, body: "1", deduplicationId: "k" });
    const second = await client.publish({
      url: `${target.url}/d`,
      body: "2",
      deduplicationId: "k",
    });
    expect(second).toMatchObject({ messageId: first.messageId, deduplicated: true });
    await fixture.advance(5_000);
    await target.waitFor(3);
    expect(target.deliveries.map((delivery) => delivery.path).sort()).toEqual(["/a", "/b", "/d"]);
  });

  test("a bad token is a 401, bad input a 400 with the service's error body", async ({
    expect,
  }) => {
    const { emulator, target } = fixture;
    const stranger = new Client({ baseUrl: emulator.queueUrl, token: "nope", retry: false });
    await expect(stranger.publish({ url: target.url, body: "x" })).rejects.toThrow(/Unauthorized/);
    const response = await fetch(`${emulator.queueUrl}/v2/publish/${target.url}`, {
      method: "POST",
      headers: { authorization: `Bearer ${emulator.queueToken}`, "upstash-delay": "soon" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringContaining("Upstash-Delay") });
    const badExpression = await fixture.client
      .publish({ url: target.url, body: "x", retryDelay: "pow(2" })
      .catch((error: Error) => error.message);
    expect(badExpression).toMatch(/Retry-Delay/);
  });
});

describe("failures", () => {
  test("a 500 is retried with Upstash-Retry-Delay on the clock, then dead-lettered with a failure callback", async ({
    expect,
  }) => {
    const { client, target } = fixture;
    target.answers = [
      { status: 500, body: "boom" },
      { status: 500, body: "boom" },
      { status: 500, body: "boom" },
      { status: 200 },
    ];
    const { messageId } = await client.publish({
      url: `${target.url}/fail`,
      body: "payload",
      retries: 2,
      retryDelay: "1000 * (1 + retried)",
      failureCallback: `${target.url}/failure`,
    });
    await target.waitFor(1);
    await fixture.settle();
    expect(target.deliveries).toHaveLength(1);
    await fixture.advance(999);
    expect(target.deliveries).toHaveLength(1);
    await fixture.advance(1);
    await target.waitFor(2);
    expect(target.deliveries[1]?.headers["upstash-retried"]).toBe("1");
    await fixture.advance(2_000);
    await target.waitFor(4);
    await fixture.settle();
    const failure = target.deliveries.find((delivery) => delivery.path === "/failure");
    expect(failure).toBeDefined();
    const payload = JSON.parse(failure?.body ?? "{}") as Record<string, unknown>;
    expect(payload).toMatchObject({
      status: 500,
      retried: 2,
      maxRetries: 2,
      sourceMessageId: messageId,
    });
    expect(Buffer.from(String(payload["body"]), "base64").toString()).toBe("boom");
    expect(Buffer.from(String(payload["sourceBody"]), "base64").toString()).toBe("payload");
    const dlq = await client.dlq.listMessages();
    expect(dlq.messages).toHaveLength(1);
    expect(dlq.messages[0]).toMatchObject({
      messageId,
      responseStatus: 500,
      responseBody: "boom",
      body: "payload",
    });
    expect(payload["dlqId"]).toBe(dlq.messages[0]?.dlqId);
    const states = (await client.logs({ filter: { messageId } })).logs
      .map((log) => log.state)
      .reverse();
    expect(states).toEqual([
      "CREATED",
      "ACTIVE",
      "ERROR",
      "RETRY",
      "ACTIVE",
      "ERROR",
      "RETRY",
      "ACTIVE",
      "ERROR",
      "FAILED",
    ]);
    // Retrying from the DLQ publishes it again; the receiver now answers 200.
    target.answers = [{ status: 200 }];
    const retried = await client.dlq.retry(dlq.messages[0]?.dlqId ?? "");
    expect(retried.responses).toHaveLength(1);
    await target.waitFor(5);
    expect((await client.dlq.listMessages()).messages).toHaveLength(0);
  });

  test("a receiver that is down ends in the DLQ after the default backoff", async ({ expect }) => {
    const { client, target } = fixture;
    const down = target.url;
    await target.close();
    await client.publish({ url: `${down}/gone`, body: "x", retries: 1 });
    await fixture.settle();
    // §4.3: the first retry waits e^2.5 s ≈ 12.2 s.
    await fixture.advance(12_000);
    expect((await client.dlq.listMessages()).messages).toHaveLength(0);
    await fixture.advance(183);
    const { messages } = await client.dlq.listMessages();
    expect(messages).toHaveLength(1);
    expect(messages[0]?.responseStatus).toBeUndefined();
    await expect(client.dlq.delete(messages[0]?.dlqId ?? "")).resolves.toEqual({ deleted: 1 });
  });

  test("dead letters expire after the plan's 7-day retention", async ({ expect }) => {
    const { client, target, clock } = fixture;
    target.answers = [{ status: 500 }];
    await client.publish({ url: target.url, body: "x", retries: 0 });
    await target.waitFor(1);
    await fixture.settle();
    // set(), not advance(): a week of the engine's own timers would take seconds to fire. The next
    // request's pump does the housekeeping.
    clock.set(clock.now() + 7 * 86_400_000 - 120_000);
    await client.queue({ queueName: "nudge" }).upsert({ parallelism: 1 });
    expect((await client.dlq.listMessages()).messages).toHaveLength(1);
    clock.set(clock.now() + 120_000);
    await client.queue({ queueName: "nudge" }).upsert({ parallelism: 1 });
    await fixture.settle();
    expect((await client.dlq.listMessages()).messages).toHaveLength(0);
  });

  test("a receiver slower than Upstash-Timeout fails the attempt", async ({ expect }) => {
    const { client, target } = fixture;
    target.answers = ["hang"];
    const { messageId } = await client.publish({
      url: target.url,
      body: "x",
      retries: 0,
      timeout: "200ms" as "1s",
    });
    await target.waitFor(1);
    await fixture.settle();
    const { logs } = await client.logs({ filter: { messageId, state: "ERROR" } });
    expect(logs[0]?.error).toMatch(/timeout/);
    expect((await client.dlq.listMessages()).messages[0]?.messageId).toBe(messageId);
  });
});

describe("callbacks, bulk actions, the log", () => {
  test("a callback gets each answer; a failing callback is retried and never dead-lettered", async ({
    expect,
  }) => {
    const { client, target } = fixture;
    // The message is delivered (200); its callback answers 500 twice, then 200.
    target.answers = [
      { status: 200, body: "done" },
      { status: 500 },
      { status: 500 },
      { status: 200 },
    ];
    const { messageId } = await client.publish({
      url: `${target.url}/work`,
      body: "job",
      callback: `${target.url}/callback`,
      headers: { "Upstash-Callback-Retries": "2" },
    });
    await target.waitFor(2);
    await fixture.settle();
    const callback = target.deliveries[1];
    expect(callback?.path).toBe("/callback");
    expect(callback?.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(callback?.body ?? "{}") as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 200,
      sourceMessageId: messageId,
      retried: 0,
      url: `${target.url}/work`,
    });
    expect(Buffer.from(String(body["body"]), "base64").toString()).toBe("done");
    await fixture.advance(12_200);
    await target.waitFor(3);
    await fixture.advance(148_500);
    await target.waitFor(4);
    expect(target.deliveries.map((delivery) => delivery.path)).toEqual([
      "/work",
      "/callback",
      "/callback",
      "/callback",
    ]);
    expect((await client.dlq.listMessages()).messages).toHaveLength(0);
  });

  test("a 404 is a failure like any non-2xx", async ({ expect }) => {
    const { client, target } = fixture;
    target.answers = [{ status: 404, body: "no such route" }];
    const { messageId } = await client.publish({
      url: `${target.url}/missing`,
      body: "x",
      retries: 0,
    });
    await target.waitFor(1);
    await fixture.settle();
    const { messages } = await client.dlq.listMessages({ filter: { responseStatus: 404 } });
    expect(messages.map((message) => message.messageId)).toEqual([messageId]);
  });

  test("bulk cancel by filter, and the log pages with its cursor", async ({ expect }) => {
    const { client, target } = fixture;
    for (let index = 0; index < 5; index++) {
      await client.publish({
        url: `${target.url}/n${index}`,
        body: "x",
        delay: 60,
        label: index % 2 === 0 ? "even" : "odd",
      });
    }
    const { cancelled } = await client.messages.cancel({ filter: { label: "even" } });
    expect(cancelled).toBe(3);
    const first = await client.logs({ count: 4 });
    expect(first.logs).toHaveLength(4);
    expect(first.cursor).toBeDefined();
    const rest = await client.logs({ cursor: first.cursor, count: 100 });
    const total = first.logs.length + rest.logs.length;
    // 5 CREATED, 3 CANCEL_REQUESTED, 3 CANCELLED.
    expect(total).toBe(11);
    expect(rest.cursor).toBeUndefined();
    const states = [...first.logs, ...rest.logs].map((log) => log.time);
    expect([...states].sort((a, b) => b - a)).toEqual(states);
    await fixture.advance(60_000);
    await target.waitFor(2);
    expect(target.deliveries.map((delivery) => delivery.path).sort()).toEqual(["/n1", "/n3"]);
  });
});

describe("queues, schedules, URL groups", () => {
  test("a paused queue holds enqueued messages until it is resumed; parallelism 1 is FIFO", async ({
    expect,
  }) => {
    const { client, target } = fixture;
    const queue = client.queue({ queueName: "orders" });
    await queue.upsert({ parallelism: 1, paused: true });
    await queue.enqueueJSON({ url: `${target.url}/1`, body: 1 });
    await queue.enqueueJSON({ url: `${target.url}/2`, body: 2 });
    await fixture.settle();
    expect(target.deliveries).toHaveLength(0);
    expect(await queue.get()).toMatchObject({
      name: "orders",
      parallelism: 1,
      paused: true,
      lag: 2,
    });
    await queue.resume();
    await target.waitFor(2);
    expect(target.deliveries.map((delivery) => delivery.path)).toEqual(["/1", "/2"]);
    expect((await client.queue().list()).map((entry) => entry.name)).toEqual(["orders"]);
    await queue.delete();
    await expect(queue.get()).rejects.toThrow(/not found/);
  });

  test("a cron schedule fires on the manual clock with its schedule id", async ({ expect }) => {
    const { client, target } = fixture;
    const { scheduleId } = await client.schedules.create({
      destination: `${target.url}/tick`,
      cron: "*/5 * * * *",
      body: "tick",
    });
    const schedule = await client.schedules.get(scheduleId);
    expect(schedule).toMatchObject({
      cron: "*/5 * * * *",
      isPaused: false,
      nextScheduleTime: fixture.clock.now() + 300_000,
    });
    await fixture.advance(299_000);
    expect(target.deliveries).toHaveLength(0);
    await fixture.advance(1_000);
    await target.waitFor(1);
    expect(target.deliveries[0]?.headers["upstash-schedule-id"]).toBe(scheduleId);
    await client.schedules.pause({ schedule: scheduleId });
    await fixture.advance(600_000);
    expect(target.deliveries).toHaveLength(1);
    await client.schedules.resume({ schedule: scheduleId });
    await fixture.advance(300_000);
    await target.waitFor(2);
    await client.schedules.delete(scheduleId);
    expect(await client.schedules.list()).toEqual([]);
  });

  test("CRON_TZ schedules fire at the zone's wall time", async ({ expect }) => {
    const { client, target } = fixture;
    // 2026-01-01T00:00Z is 19:00 the day before in New York (EST, UTC-5).
    const { scheduleId } = await client.schedules.create({
      destination: target.url,
      cron: "CRON_TZ=America/New_York 0 20 * * *",
    });
    const schedule = await client.schedules.get(scheduleId);
    expect(schedule.nextScheduleTime).toBe(Date.UTC(2026, 0, 1, 1, 0, 0));
  });

  test("a URL group fans out to each endpoint as its own message", async ({ expect }) => {
    const { client, target } = fixture;
    await client.urlGroups.addEndpoints({
      name: "fans",
      endpoints: [{ name: "one", url: `${target.url}/one` }, { url: `${target.url}/two` }],
    });
    const results = await client.publishJSON({ urlGroup: "fans", body: { a: 1 } });
    expect(Array.isArray(results)).toBe(true);
    await target.waitFor(2);
    expect(target.deliveries.map((delivery) => delivery.path).sort()).toEqual(["/one", "/two"]);
    expect(target.deliveries[0]?.headers["upstash-topic-name"]).toBe("fans");
    expect((await client.urlGroups.get("fans")).endpoints).toHaveLength(2);
    await client.urlGroups.removeEndpoints({ name: "fans", endpoints: [{ name: "one" }] });
    expect((await client.urlGroups.list())[0]?.endpoints).toEqual([{ url: `${target.url}/two` }]);
    await client.urlGroups.delete("fans");
    await expect(client.publish({ urlGroup: "fans", body: "x" })).rejects.toThrow(/not found/);
  });

  test("flow control parallelism 1 delivers one at a time", async ({ expect }) => {
    const { client, target } = fixture;
    target.answers = ["hang"];
    for (let index = 0; index < 3; index++) {
      await client.publish({
        url: target.url,
        body: String(index),
        flowControl: { key: "fc", parallelism: 1 },
      });
    }
    await target.waitFor(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(target.deliveries).toHaveLength(1);
    expect(await client.flowControl.get("fc")).toMatchObject({
      parallelismMax: 1,
      parallelismCount: 1,
      waitListSize: 2,
    });
    const cancelled = await client.messages.cancel({ all: true });
    expect(cancelled.cancelled).toBe(3);
  });

  test("flow control rate starts at most N per period on the clock", async ({ expect }) => {
    const { client, target } = fixture;
    for (let index = 0; index < 3; index++) {
      await client.publish({
        url: `${target.url}/r${index}`,
        body: "x",
        flowControl: { key: "rated", rate: 1, period: 10 },
      });
    }
    await target.waitFor(1);
    await fixture.settle();
    expect(target.deliveries).toHaveLength(1);
    await fixture.advance(9_000);
    expect(target.deliveries).toHaveLength(1);
    await fixture.advance(1_000);
    await target.waitFor(2);
    await fixture.advance(10_000);
    await target.waitFor(3);
    expect(target.deliveries.map((delivery) => delivery.path)).toEqual(["/r0", "/r1", "/r2"]);
  });

  test("signing keys: GET /v2/keys and rotate", async ({ expect }) => {
    const { emulator } = fixture;
    const headers = { authorization: `Bearer ${emulator.queueToken}` };
    const keys = (await (await fetch(`${emulator.queueUrl}/v2/keys`, { headers })).json()) as {
      current: string;
      next: string;
    };
    expect(keys).toEqual({
      current: emulator.queueCurrentSigningKey,
      next: emulator.queueNextSigningKey,
    });
    const rotated = (await (
      await fetch(`${emulator.queueUrl}/v2/keys/rotate`, { method: "POST", headers })
    ).json()) as {
      current: string;
    };
    expect(rotated.current).toBe(keys.next);
    expect(emulator.queueCurrentSigningKey).toBe(keys.next);
  });
});
