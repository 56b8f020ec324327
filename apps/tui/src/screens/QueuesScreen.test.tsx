import { createQueue } from "@stratus/client";
import { startEmulator, startQueueReceiver } from "@stratus/testing";
import { test } from "vitest";
import { renderScreen } from "../../test/support/render.tsx";
import { emulatorServices } from "../../test/support/services.ts";
import { QueuesScreen } from "./QueuesScreen.tsx";

test("shows a queue instance's pending messages, dead letters, schedules, queues and delivery log", async ({
  expect,
}) => {
  // Given: a delivered message, a dead letter, a delayed message, a schedule and a paused queue.
  await using emulator = await startEmulator();
  await using receiver = await startQueueReceiver({
    currentSigningKey: emulator.queue.currentSigningKey,
    nextSigningKey: emulator.queue.nextSigningKey,
    answer: (delivery) => ({ status: delivery.path === "/broken" ? 500 : 200 }),
  });
  await using queue = createQueue({ url: emulator.queue.url, token: emulator.queue.token });
  const delivered = await queue.publish({ destination: `${receiver.url}/ok`, body: "a" });
  const failed = await queue.publish({
    destination: `${receiver.url}/broken`,
    body: "b",
    retries: 0,
  });
  const delayed = await queue.publish({ destination: `${receiver.url}/later`, delay: "1h" });
  const ids = (result: typeof delivered): string =>
    Array.isArray(result) ? (result[0]?.messageId ?? "") : result.messageId;
  await queue.waitForState(ids(delivered), "DELIVERED");
  await queue.waitForState(ids(failed), "FAILED");
  const scheduleId = await queue.schedules.create({
    destination: `${receiver.url}/nightly`,
    cron: "0 3 * * *",
  });
  await queue.queues.upsert({ name: "emails", parallelism: 4, paused: true });
  const services = emulatorServices(emulator);
  // When
  const screen = renderScreen(<QueuesScreen services={services} options={{ refreshMs: 0 }} />);
  try {
    // Then
    const frame = await screen.waitFor((text) => text.includes("delivery log"));
    expect(frame).toContain("in flight (1)");
    expect(frame).toContain(`CREATED ${ids(delayed)} → ${receiver.url}/later`);
    expect(frame).toContain("dead letters (1)");
    expect(frame).toContain(`500 ${ids(failed)} → ${receiver.url}/broken`);
    expect(frame).toContain("schedules (1)");
    expect(frame).toContain(`${scheduleId} "0 3 * * *" → ${receiver.url}/nightly`);
    expect(frame).toContain("queues (1)");
    expect(frame).toContain("emails · parallelism 4 · lag 0 · paused");
    // Log lines are cut at the terminal's width: the URL's end may go, the state and status stay.
    expect(frame).toContain(`DELIVERED 200 ${ids(delivered)} http://`);
    expect(frame).toContain(`FAILED 500 ${ids(failed)} http://`);
  } finally {
    screen.unmount();
    await services.close();
  }
});
