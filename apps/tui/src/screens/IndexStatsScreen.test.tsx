import { createManagement, createVector } from "@stratus/client";
import { seedDocuments, startEmulator } from "@stratus/testing";
import { test } from "vitest";
import { KEYS, renderScreen } from "../../test/support/render.tsx";
import { emulatorServices } from "../../test/support/services.ts";
import { managementRoot } from "../lib/connect.ts";
import { VECTOR_COUNTERS, VECTOR_SERIES } from "../lib/stats-fields.ts";
import { IndexStatsScreen } from "./IndexStatsScreen.tsx";

const OPTIONS = { period: "1h", refreshMs: 60_000 } as const;

test("shows every field of a vector index's stats, with its traffic", async ({ expect }) => {
  // Given: three vectors upserted into the default index through its REST interface.
  await using emulator = await startEmulator();
  await using management = createManagement({
    url: managementRoot(emulator.management.url),
    email: emulator.management.email,
    apiKey: emulator.management.apiKey,
  });
  const [index] = await management.vector.list();
  if (index === undefined || index.token === undefined) {
    throw new Error("the emulator has no default vector index");
  }
  await using vector = createVector({
    url: `${emulator.url}/vector/${index.name}`,
    token: index.token,
  });
  const dimension = index.dimension_count ?? 384;
  await vector.upsert(
    ["a", "b", "c"].map((id, position) => ({
      id,
      vector: Array.from({ length: dimension }, (_, i) => (i === position ? 1 : 0.01)),
    })),
  );
  const vectorUrl = `${emulator.url}/vector/${index.name}`;
  const services = emulatorServices(emulator, { vectorUrl, vectorToken: index.token });
  const screen = renderScreen(
    <IndexStatsScreen services={services} resource={undefined} options={OPTIONS} />,
  );
  try {
    // Then: every counter is shown, and the upserts are counted.
    const frame = await screen.waitFor((text) => text.includes(`Vector index ${index.name}`));
    for (const field of VECTOR_COUNTERS) {
      expect(frame).toContain(field.label.slice(0, 10));
    }
    expect(frame).toMatch(/days: \w+/);
    await screen.press("r");
    const counted = await screen.waitFor((text) => /updates today: [1-9]/.test(text));
    expect(counted).toMatch(/vectors: 3\b/);
    // And: the index's own REST info, from --vector-url.
    await screen.waitFor((text) => text.includes(`REST ${vectorUrl}: 3 ready, 0 pending`));
    // When: scrolling through the charts.
    const seen = new Set<string>();
    for (let i = 0; i <= VECTOR_SERIES.length; i++) {
      for (const field of VECTOR_SERIES) {
        if (screen.frame().includes(field.label)) {
          seen.add(field.label);
        }
      }
      await screen.press(KEYS.down);
    }
    // Then: every series was charted.
    expect([...seen].sort()).toEqual(VECTOR_SERIES.map((field) => field.label).sort());
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("cycles every period with p", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(
    <IndexStatsScreen services={services} resource={undefined} options={OPTIONS} />,
  );
  try {
    await screen.waitFor((text) => text.includes("[1h]"));
    for (const period of ["3h", "12h", "1d", "3d", "7d", "30d", "1h"]) {
      await screen.press("p");
      await screen.waitFor((text) => text.includes(`[${period}]`) && text.includes("refreshed"));
    }
    expect(screen.frame()).not.toContain("refresh failed");
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("a search database's stats count its documents, and / runs a query on it", async ({
  expect,
}) => {
  // Given: two documents in the default search database
  await using emulator = await startEmulator();
  await seedDocuments(emulator.search, {
    index: "notes",
    documents: [
      { id: "kettle", content: { text: "descale the kettle monthly" } },
      { id: "plant", content: { text: "water the fern weekly" } },
    ],
  });
  await using management = createManagement({
    url: managementRoot(emulator.management.url),
    email: emulator.management.email,
    apiKey: emulator.management.apiKey,
  });
  const [database] = await management.search.list();
  if (database === undefined) {
    throw new Error("the emulator has no default search database");
  }
  const services = emulatorServices(emulator);
  const screen = renderScreen(
    <IndexStatsScreen
      services={services}
      resource={{ kind: "search", id: database.id, name: database.name }}
      options={OPTIONS}
    />,
  );
  try {
    const stats = await screen.waitFor((frame) => frame.includes("Search index default"));
    expect(stats).toContain("/ query");
    // When: / opens the query, which runs on the database
    await screen.press("/");
    await screen.waitFor((frame) => frame.includes("search>"));
    await screen.press("notes fern");
    await screen.press(KEYS.enter);
    // Then
    const hits = await screen.waitFor((frame) => frame.includes("plant"));
    expect(hits).toMatch(/\d\.\d{3} {2}plant {2}\{"text":"water the fern weekly"\}/);
    // Esc leaves the input, Esc again goes back to the stats.
    await screen.press(KEYS.escape);
    await screen.waitFor((frame) => frame.includes("back to stats"));
    await screen.press(KEYS.escape);
    await screen.waitFor((frame) => frame.includes("Search index default"));
  } finally {
    screen.unmount();
    await services.close();
  }
});
