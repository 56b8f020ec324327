import { startEmulator } from "@stratus/testing";
import { test } from "vitest";
import { KEYS, renderScreen } from "../../test/support/render.tsx";
import { emulatorServices } from "../../test/support/services.ts";
import type { Services } from "../lib/services.ts";
import { DATABASE_COUNTERS, DATABASE_SERIES } from "../lib/stats-fields.ts";
import { DatabaseStatsScreen } from "./DatabaseStatsScreen.tsx";

const OPTIONS = { period: "1h", refreshMs: 60_000 } as const;

test("shows every counter and, scrolling, every series of the first database", async ({
  expect,
}) => {
  // Given: some traffic on the default database.
  await using emulator = await startEmulator();
  for (let i = 0; i < 5; i++) {
    await emulator.command(["SET", `key:${i}`, "value"]);
  }
  const services = emulatorServices(emulator);
  const screen = renderScreen(
    <DatabaseStatsScreen services={services} resource={undefined} options={OPTIONS} />,
  );
  try {
    // Then: the counters, with the traffic counted.
    const frame = await screen.waitFor((text) => text.includes("Database "));
    for (const field of DATABASE_COUNTERS) {
      expect(frame).toContain(field.label.slice(0, 10));
    }
    expect(frame).toMatch(/writes today: (\d+)/);
    expect(Number(/writes today: (\d+)/.exec(frame)?.[1])).toBeGreaterThanOrEqual(5);
    // Storage is the engine's memory use, not 0 B, with keys present.
    expect(frame).toMatch(/storage: \d+(\.\d+)? (B|KB)/);
    expect(frame).not.toMatch(/storage: 0 B/);
    // When: scrolling through the charts.
    const seen = new Set<string>();
    for (let i = 0; i < DATABASE_SERIES.length; i++) {
      for (const field of DATABASE_SERIES) {
        if (screen.frame().includes(field.label)) {
          seen.add(field.label);
        }
      }
      await screen.press(KEYS.down);
    }
    // Series the emulator cannot observe say so instead of drawing a flat zero line.
    expect(screen.frames().some((text) => /hits\s+not observed by the emulator/.test(text))).toBe(
      true,
    );
    // Then: every series was drawn.
    expect([...seen].sort()).toEqual(DATABASE_SERIES.map((field) => field.label).sort());
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("switches the period with the arrow keys and reloads", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(
    <DatabaseStatsScreen services={services} resource={undefined} options={OPTIONS} />,
  );
  try {
    await screen.waitFor((text) => text.includes("refreshed"));
    expect(screen.frame()).toContain("[1h]");
    await screen.press(KEYS.right);
    await screen.waitFor(() => screen.frame().includes("[3h]"));
    await screen.press(KEYS.left);
    await screen.press(KEYS.left);
    await screen.waitFor(() => screen.frame().includes("[30d]"));
    const frame = await screen.waitFor((text) => /refreshed \d\d:\d\d:\d\d/.test(text));
    expect(frame).not.toContain("refresh failed");
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("refreshes on its own, and `a` turns that off", async ({ expect }) => {
  await using emulator = await startEmulator();
  const real = emulatorServices(emulator);
  let loads = 0;
  const management = real.management;
  if (management.kind !== "ready") {
    throw new Error("management credentials expected");
  }
  // Counts the stats requests the screen makes.
  const services: Services = {
    ...real,
    management: {
      ...management,
      client: {
        ...management.client,
        databaseStats: (id, period) => {
          loads++;
          return management.client.databaseStats(id, period);
        },
      },
    },
  };
  const screen = renderScreen(
    <DatabaseStatsScreen
      services={services}
      resource={undefined}
      options={{ period: "1h", refreshMs: 500 }}
    />,
  );
  try {
    await screen.waitFor(() => loads >= 3);
    expect(screen.frame()).toContain("auto 0.5s");
    await screen.press("a");
    await screen.waitFor((text) => text.includes("auto off"));
    const stopped = loads;
    await screen.press("r");
    await screen.waitFor(() => loads === stopped + 1);
  } finally {
    screen.unmount();
    await real.close();
  }
});

test("an unknown database id is explained", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(
    <DatabaseStatsScreen
      services={services}
      resource={{ kind: "database", id: "no-such-db", name: "ghost" }}
      options={OPTIONS}
    />,
  );
  try {
    const frame = await screen.waitFor((text) => text.includes("Fix:"));
    expect(frame).toContain("Not found");
    expect(frame).toContain("Resources screen");
  } finally {
    screen.unmount();
    await services.close();
  }
});
