/**
 * Queue instances: the management record carries the live URL, tokens and signing keys; a token
 * rotation takes effect at once; and the dev-mode port answers `@upstash/qstash` in dev mode with
 * its built-in credentials, so such an app needs no change and no download (issue 19).
 */
import { Client, Receiver } from "@upstash/qstash";
import { test, vi } from "vitest";
import { createEmulator } from "../../src/index.ts";
import { TestReceiver } from "./fixtures.ts";

test("the management record carries rest_url and keys; rotate-token switches tokens at once", async ({
  expect,
}) => {
  await using emulator = await createEmulator({ port: 0, respPort: null });
  const basic = `Basic ${Buffer.from(`${emulator.email}:${emulator.apiKey}`).toString("base64")}`;
  const record = (await (
    await fetch(`${emulator.managementUrl}/qstash/user`, { headers: { authorization: basic } })
  ).json()) as Record<string, string>;
  expect(record).toMatchObject({
    rest_url: emulator.queueUrl,
    token: emulator.queueToken,
    current_signing_key: emulator.queueCurrentSigningKey,
    next_signing_key: emulator.queueNextSigningKey,
  });
  const oldToken = emulator.queueToken;
  const before = new Client({ baseUrl: emulator.queueUrl, token: oldToken, retry: false });
  await expect(before.queue().list()).resolves.toEqual([]);
  const rotated = await fetch(`${emulator.managementUrl}/qstash/rotate-token/${record["id"]}`, {
    method: "POST",
    headers: { authorization: basic },
  });
  expect(rotated.status).toBe(200);
  expect(emulator.queueToken).not.toBe(oldToken);
  await expect(before.queue().list()).rejects.toThrow(/Unauthorized/);
  const after = new Client({
    baseUrl: emulator.queueUrl,
    token: emulator.queueToken,
    retry: false,
  });
  await expect(after.queue().list()).resolves.toEqual([]);
  // Publishes feed the instance's management statistics.
  await after.publish({ url: "http://127.0.0.1:1/x", body: "x", delay: "1h" });
  const stats = emulator.management.queues.stats(String(record["id"]), "1h");
  expect((stats.daily_requests ?? []).reduce((sum, day) => sum + day.y, 0)).toBe(1);
  // The read-only token reads and refuses writes.
  const readOnly = new Client({
    baseUrl: emulator.queueUrl,
    token: String((await emulator.management.queues.accountQueue()).read_only_token),
    retry: false,
  });
  await expect(readOnly.schedules.list()).resolves.toEqual([]);
  await expect(readOnly.publish({ url: "http://127.0.0.1:1/x", body: "x" })).rejects.toThrow(
    /read-only/,
  );
});

test("dev mode: the SDK with QSTASH_DEV finds the emulator and its Receiver verifies deliveries", async ({
  expect,
}) => {
  await using emulator = await createEmulator({ port: 0, respPort: null, qstashDevPort: 0 });
  const target = await TestReceiver.start();
  const devUrl = emulator.queueDevUrl ?? "";
  // The SDK reads QSTASH_DEV_PORT from the environment, as an app would have it.
  vi.stubEnv("QSTASH_DEV_PORT", new URL(devUrl).port);
  try {
    const client = new Client({ devMode: true, retry: false });
    const { messageId } = await client.publishJSON({
      url: `${target.url}/dev`,
      body: { dev: true },
    });
    await target.waitFor(1);
    const delivery = target.deliveries[0];
    expect(delivery?.headers["upstash-message-id"]).toBe(messageId);
    const receiver = new Receiver({ devMode: true });
    await expect(
      receiver.verify({
        signature: String(delivery?.headers["upstash-signature"]),
        body: delivery?.body ?? "",
        url: `${target.url}/dev`,
      }),
    ).resolves.toBe(true);
  } finally {
    vi.unstubAllEnvs();
    await target.close();
  }
});
