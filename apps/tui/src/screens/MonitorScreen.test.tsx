import { startEmulator } from "@stratus/testing";
import { test } from "vitest";
import { KEYS, renderScreen } from "../../test/support/render.tsx";
import { emulatorServices } from "../../test/support/services.ts";
import { repeatUntilShown } from "../../test/support/until.ts";
import { MonitorScreen } from "./MonitorScreen.tsx";

test("streams commands live and filters them by command and key pattern", async ({ expect }) => {
  // Given: the monitor is connected (a PING shows up).
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(<MonitorScreen services={services} />);
  try {
    await repeatUntilShown(
      screen,
      () => emulator.command(["PING"]),
      (text) => text.includes("PING"),
    );
    await emulator.command(["SET", "user:1", "ada"]);
    await emulator.command(["GET", "user:1"]);
    await emulator.command(["GET", "order:7"]);
    await screen.waitFor((text) => text.includes("order:7"));
    // When: only GET commands.
    await screen.press("/");
    await screen.press("get");
    await screen.press(KEYS.enter);
    let frame = await screen.waitFor((text) => text.includes("command: get"));
    // Then
    expect(frame).toMatch(/GET\s+user:1/);
    expect(frame).toMatch(/GET\s+order:7/);
    expect(frame).not.toMatch(/SET\s+user:1/);
    expect(frame).not.toContain("PING");
    // When: and only keys matching user:*.
    await screen.press("k");
    await screen.press("user:*");
    await screen.press(KEYS.enter);
    frame = await screen.waitFor((text) => text.includes("key: user:*"));
    expect(frame).toMatch(/GET\s+user:1/);
    expect(frame).not.toContain("order:7");
    expect(frame).toContain("1 shown");
    // When: filters cleared.
    await screen.press("c");
    frame = await screen.waitFor((text) => text.includes("command: –"));
    expect(frame).toMatch(/SET\s+user:1/);
    expect(frame).toMatch(/[\d.]+ ev\/s/);
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("pause freezes the list and resume catches up", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(<MonitorScreen services={services} />);
  try {
    await repeatUntilShown(
      screen,
      () => emulator.command(["PING"]),
      (text) => text.includes("PING"),
    );
    await screen.press(" ");
    await screen.waitFor((text) => text.includes("PAUSED"));
    await emulator.command(["SET", "while-paused", "1"]);
    // The event is counted while the list stays frozen.
    const paused = await screen.waitFor((text) => /\b[2-9]\d* total/.test(text));
    expect(paused).not.toContain("while-paused");
    await screen.press(" ");
    const resumed = await screen.waitFor((text) => text.includes("while-paused"));
    expect(resumed).not.toContain("PAUSED");
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("scrollback is bounded", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(<MonitorScreen services={services} capacity={5} />);
  try {
    await repeatUntilShown(
      screen,
      () => emulator.command(["PING"]),
      (text) => text.includes("PING"),
    );
    for (let i = 0; i < 12; i++) {
      await emulator.command(["SET", `bounded:${i}`, "x"]);
    }
    const frame = await screen.waitFor((text) => text.includes("bounded:11"));
    expect(frame).toContain("5 shown");
    expect(frame).not.toContain("bounded:6 ");
    expect(Number(/(\d+) total/.exec(frame)?.[1])).toBeGreaterThanOrEqual(13);
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("a refused token is explained with the flag to fix it", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator, { kvToken: "not-the-token" });
  const screen = renderScreen(<MonitorScreen services={services} />);
  try {
    const frame = await screen.waitFor((text) => text.includes("Fix:"));
    expect(frame).toContain("The key-value REST refused the credentials");
    expect(frame).toContain("--kv-token / STRATUS_KV_TOKEN");
  } finally {
    screen.unmount();
    await services.close();
  }
});
