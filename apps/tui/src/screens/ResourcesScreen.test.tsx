import { createManagement } from "@stratus/client";
import { startEmulator } from "@stratus/testing";
import { test } from "vitest";
import { KEYS, renderScreen } from "../../test/support/render.tsx";
import { emulatorServices } from "../../test/support/services.ts";
import { managementRoot } from "../lib/connect.ts";
import type { ResourceRef } from "../lib/services.ts";
import { ResourcesScreen } from "./ResourcesScreen.tsx";

test("lists every resource kind and opens a vector index's stats", async ({ expect }) => {
  // Given: an emulator with a vector index and a team besides its default database.
  await using emulator = await startEmulator();
  await using management = createManagement({
    url: managementRoot(emulator.management.url),
    email: emulator.management.email,
    apiKey: emulator.management.apiKey,
  });
  const index = await management.vector.create({
    name: "movies",
    region: "eu-west-1",
    similarity_function: "COSINE",
    dimension_count: 4,
  });
  await management.teams.create({ team_name: "ops-team", copy_cc: false });
  const services = emulatorServices(emulator);
  const opened: ResourceRef[] = [];
  const screen = renderScreen(
    <ResourcesScreen services={services} onOpen={(resource) => opened.push(resource)} />,
  );
  try {
    // Then: every section is listed with its count.
    const frame = await screen.waitFor((text) => text.includes("movies"));
    const databases = await management.redis.list();
    const indexes = await management.vector.list();
    const queues = await management.queue.list();
    const searches = await management.search.list();
    for (const section of [
      `databases (${databases.length})`,
      `vector indexes (${indexes.length})`,
      `search indexes (${searches.length})`,
      `queues (${queues.length})`,
      "teams (1)",
    ]) {
      expect(frame).toContain(section);
    }
    expect(frame).toContain("ops-team");
    // The default search database, with its document count from its own REST interface.
    expect(frame).toMatch(/default\s.*· 0 documents/);
    // When: the cursor moves from the first database down to the index, and Enter is pressed.
    const steps = databases.length + indexes.findIndex((entry) => entry.id === index.id);
    for (let i = 0; i < steps; i++) {
      await screen.press(KEYS.down);
    }
    await screen.waitFor((text) => text.includes("› movies"));
    await screen.press(KEYS.enter);
    // Then
    expect(opened).toEqual([{ kind: "vector", id: index.id, name: "movies" }]);
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("a wrong API key is explained, with the flags to fix it", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator, { apiKey: "wrong-key" });
  const screen = renderScreen(<ResourcesScreen services={services} onOpen={() => undefined} />);
  try {
    const frame = await screen.waitFor((text) => text.includes("Fix:"));
    expect(frame).toContain("The management API refused the credentials");
    expect(frame).toContain("--api-key");
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("an unreachable management API says what to start", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator, { managementUrl: "http://127.0.0.1:9/v2" });
  const screen = renderScreen(<ResourcesScreen services={services} onOpen={() => undefined} />);
  try {
    const frame = await screen.waitFor((text) => text.includes("Fix:"), 10_000);
    expect(frame).toContain("Cannot reach the management API");
    expect(frame).toContain("stratus-emulator");
  } finally {
    screen.unmount();
    await services.close();
  }
});
