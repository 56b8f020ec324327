import { startEmulator } from "@stratus/testing";
import { test } from "vitest";
import { KEYS, renderScreen } from "../../test/support/render.tsx";
import { emulatorServices } from "../../test/support/services.ts";
import { ServiceTargets } from "../lib/services.ts";
import { ConsoleScreen } from "./ConsoleScreen.tsx";

test("runs a command and shows its result like redis-cli", async ({ expect }) => {
  // Given
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(<ConsoleScreen services={services} />);
  try {
    // When
    await screen.press('SET greeting "hello world"');
    await screen.press(KEYS.enter);
    await screen.waitFor((frame) => frame.includes('"OK"'));
    await screen.press("GET greeting");
    await screen.press(KEYS.enter);
    // Then
    const frame = await screen.waitFor((text) => text.split("\n").includes('"hello world"'));
    expect(frame).toContain("> GET greeting");
    expect(await emulator.command(["GET", "greeting"])).toBe("hello world");
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("shows a command's error clearly", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(<ConsoleScreen services={services} />);
  try {
    await screen.press("INCR");
    await screen.press(KEYS.enter);
    const frame = await screen.waitFor((text) => text.includes("(error)"));
    expect(frame).toMatch(/\(error\) ERR wrong number of arguments/i);
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("recalls history with the up arrow", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(<ConsoleScreen services={services} />);
  try {
    await screen.press("PING");
    await screen.press(KEYS.enter);
    await screen.waitFor((frame) => frame.includes('"PONG"'));
    await screen.press(KEYS.up);
    await screen.press(KEYS.enter);
    const frame = await screen.waitFor(
      (text) => text.split("\n").filter((line) => line.includes('"PONG"')).length === 2,
    );
    expect(frame.match(/> PING/g)).toHaveLength(2);
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("says how to fix an unreachable server instead of failing", async ({ expect }) => {
  // Given: nothing listens on port 9 of loopback.
  const screen = renderScreen(
    <ConsoleScreen
      services={{
        kv: (await import("../lib/connect.ts")).createServices({
          ...(await import("../lib/options.ts")).CliOptionsSchema.parse({}),
          kvUrl: "http://127.0.0.1:9",
          kvToken: "token",
        }).kv,
        management: { kind: "missing", target: ServiceTargets.management("http://x") },
        vector: { kind: "missing", target: ServiceTargets.vector("http://x") },
        close: async () => undefined,
      }}
    />,
  );
  try {
    await screen.press("PING");
    await screen.press(KEYS.enter);
    const frame = await screen.waitFor((text) => text.includes("Fix:"), 10_000);
    expect(frame).toContain("Cannot reach the key-value REST");
    expect(frame).toContain("--kv-url");
    expect(frame).not.toMatch(/at .*\.ts:\d+/);
  } finally {
    screen.unmount();
  }
});

test("without a token it explains which flag to pass", async ({ expect }) => {
  const screen = renderScreen(
    <ConsoleScreen
      services={{
        kv: { kind: "missing", target: ServiceTargets.kv("http://127.0.0.1:8079") },
        management: { kind: "missing", target: ServiceTargets.management("http://x") },
        vector: { kind: "missing", target: ServiceTargets.vector("http://x") },
        close: async () => undefined,
      }}
    />,
  );
  try {
    const frame = await screen.waitFor((text) => text.includes("No credentials"));
    expect(frame).toContain("--kv-token / STRATUS_KV_TOKEN");
  } finally {
    screen.unmount();
  }
});
