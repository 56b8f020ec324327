/**
 * The monthly budget of a queue instance (`PATCH /v2/qstash/update-budget/{id}`, 0 = no limit):
 * once this month's pay-as-you-go cost ($1 per 100,000 messages) reaches it, publishes get a 412
 * until the budget is raised; the management stats show the cost. And the opt-in daily quota.
 */
import { Client, QstashDailyRatelimitError } from "@upstash/qstash";
import { test } from "vitest";
import { ManualClock } from "../../src/engine/clock.ts";
import { createEmulator, type Emulator } from "../../src/index.ts";
import { startQueueFixture } from "./fixtures.ts";

function management(
  emulator: Emulator,
  request: { method: string; path: string; body?: unknown },
): Promise<Response> {
  const basic = Buffer.from(`${emulator.email}:${emulator.apiKey}`).toString("base64");
  return fetch(`${emulator.managementUrl}${request.path}`, {
    method: request.method,
    headers: { authorization: `Basic ${basic}`, "content-type": "application/json" },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
}

test("a reached monthly budget refuses publishes with a 412 until it is raised", async ({
  expect,
}) => {
  const fixture = await startQueueFixture();
  try {
    const { emulator, client, target } = fixture;
    const user = (await (
      await management(emulator, { method: "GET", path: "/qstash/user" })
    ).json()) as { id: string };
    const plan = await management(emulator, {
      method: "POST",
      path: `/qstash/set-plan/${user.id}`,
      body: { plan_name: "paid" },
    });
    expect(plan.status).toBe(200);
    const budget = (amount: number): Promise<Response> =>
      management(emulator, {
        method: "PATCH",
        path: `/qstash/update-budget/${user.id}`,
        body: { budget: amount },
      });
    expect((await budget(20)).status).toBe(200);
    await client.publish({ url: target.url, body: "under budget" });
    // This month's usage reaches $20: two million messages at $1 per 100,000.
    emulator.metrics.record({
      resource: { kind: "queue", id: user.id },
      op: "publish",
      count: 1_999_999,
      latencyMs: 0,
      bytesIn: 0,
      bytesOut: 0,
    });
    await expect(client.publish({ url: target.url, body: "over" })).rejects.toThrow(
      /monthly budget of \$20 is reached/,
    );
    await expect(client.batch([{ url: target.url, body: "over" }])).rejects.toThrow(
      /monthly budget/,
    );
    const stats = (await (
      await management(emulator, { method: "GET", path: `/qstash/stats/${user.id}` })
    ).json()) as { total_monthly_billing: number };
    expect(stats.total_monthly_billing).toBe(20);
    expect((await budget(30)).status).toBe(200);
    await client.publish({ url: target.url, body: "raised" });
    expect((await budget(0)).status).toBe(200);
    await client.publish({ url: target.url, body: "no limit" });
    await target.waitFor(3);
  } finally {
    await fixture.close();
  }
});

test("--qstash-daily-limit: the service's daily quota answer, reset at the next UTC midnight of the clock", async ({
  expect,
}) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0, 0));
  await using emulator = await createEmulator({
    port: 0,
    respPort: null,
    clock,
    qstashDailyLimit: 2,
  });
  const client = new Client({
    baseUrl: emulator.queueUrl,
    token: emulator.queueToken,
    retry: false,
  });
  // Delayed a week: nothing is delivered, only accepted.
  const message = { url: "http://127.0.0.1:9/never", body: "x", delay: 604_800 };
  await client.publish(message);
  await client.publish(message);
  const refused = await client.publish(message).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(QstashDailyRatelimitError);
  expect(refused).toMatchObject({
    limit: "2",
    remaining: "0",
    reset: String(Date.UTC(2026, 0, 2) / 1000),
  });
  clock.advance(12 * 3_600_000);
  await expect(client.publish(message)).resolves.toMatchObject({ messageId: expect.any(String) });
  // Each message counts: with one left today, a batch of two is refused whole, a batch of one
  // passes, and a URL group of two endpoints counts two.
  const refusedBatch = await client
    .batch([
      { url: message.url, body: "a", delay: 604_800 },
      { url: message.url, body: "b", delay: 604_800 },
    ])
    .catch((error: unknown) => error);
  expect(refusedBatch).toMatchObject({ limit: "2", remaining: "1" });
  expect(refusedBatch).toBeInstanceOf(QstashDailyRatelimitError);
  await client.urlGroups.addEndpoints({
    name: "pair",
    endpoints: [{ url: `${message.url}/a` }, { url: `${message.url}/b` }],
  });
  await expect(
    client.publish({ urlGroup: "pair", body: "x", delay: 604_800 }),
  ).rejects.toBeInstanceOf(QstashDailyRatelimitError);
  await expect(
    client.batch([{ url: message.url, body: "c", delay: 604_800 }]),
  ).resolves.toHaveLength(1);
  await expect(client.publish(message)).rejects.toBeInstanceOf(QstashDailyRatelimitError);
});
