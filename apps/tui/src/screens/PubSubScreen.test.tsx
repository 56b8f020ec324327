import { startEmulator } from "@stratus/testing";
import { test } from "vitest";
import { KEYS, renderScreen } from "../../test/support/render.tsx";
import { emulatorServices } from "../../test/support/services.ts";
import { PubSubScreen } from "./PubSubScreen.tsx";

test("subscribes to a channel and a pattern, and shows what is published", async ({ expect }) => {
  // Given
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(<PubSubScreen services={services} />);
  try {
    // When: a channel and a pattern are subscribed.
    await screen.press("s");
    await screen.press("news");
    await screen.press(KEYS.enter);
    await screen.waitFor((text) => text.includes("· subscribe news"));
    await screen.press("p");
    await screen.press("alerts.*");
    await screen.press(KEYS.enter);
    await screen.waitFor((text) => text.includes("· psubscribe alerts.*"));
    // And: messages are published from elsewhere and from the screen.
    await emulator.command(["PUBLISH", "alerts.disk", "90% full"]);
    await screen.press("m");
    await screen.press('news "hello there"');
    await screen.press(KEYS.enter);
    // Then
    const frame = await screen.waitFor((text) => text.includes("[news] hello there"));
    expect(frame).toContain("[alerts.* → alerts.disk] 90% full");
    expect(frame).toContain("published to news: 1 receiver(s)");
    expect(frame).toContain("subscribed: news, alerts.* (pattern)");
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("drops the last subscription with u", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(<PubSubScreen services={services} />);
  try {
    await screen.press("s");
    await screen.press("one");
    await screen.press(KEYS.enter);
    await screen.waitFor((text) => text.includes("· subscribe one"));
    await screen.press("u");
    const frame = await screen.waitFor((text) => text.includes("Press s to subscribe"));
    expect(frame).toContain("no subscriptions");
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("a publish with no message explains the format", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(<PubSubScreen services={services} />);
  try {
    await screen.press("m");
    await screen.press("lonely");
    await screen.press(KEYS.enter);
    const frame = await screen.waitFor((text) => text.includes("Type a channel"));
    expect(frame).toContain("then the message");
  } finally {
    screen.unmount();
    await services.close();
  }
});
