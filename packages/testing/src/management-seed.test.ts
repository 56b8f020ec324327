import { describe, test } from "vitest";
import { callManagement, ManagementCallError, seedManagement } from "./management-seed.ts";
import { startEmulator } from "./start-emulator.ts";

describe("seedManagement", () => {
  test("creates teams and resources the API then lists", async ({ expect }) => {
    await using emu = await startEmulator();
    const seeded = await seedManagement(emu.management, {
      teams: [{ name: "platform" }],
      databases: [{ name: "cache" }],
      vectorIndexes: [{ name: "docs", dimension: 4 }],
      searchIndexes: [{ name: "catalog" }],
    });
    expect(seeded.teams[0]).toMatchObject({ team_name: "platform" });
    expect(seeded.databases[0]).toMatchObject({ database_name: "cache" });
    expect(seeded.vectorIndexes[0]).toMatchObject({ name: "docs", dimension_count: 4 });
    expect(seeded.searchIndexes[0]).toMatchObject({ name: "catalog" });
    const teams = (await callManagement(emu.management, { method: "GET", path: "/teams" })) as {
      team_name: string;
    }[];
    expect(teams.map((team) => team.team_name)).toContain("platform");
    const indexes = (await callManagement(emu.management, {
      method: "GET",
      path: "/vector/index",
    })) as { name: string }[];
    expect(indexes.map((index) => index.name)).toContain("docs");
  });

  test("a refused call throws with the status", async ({ expect }) => {
    await using emu = await startEmulator();
    const wrong = { ...emu.management, apiKey: "wrong" };
    await expect(callManagement(wrong, { method: "GET", path: "/teams" })).rejects.toMatchObject({
      name: "ManagementCallError",
      status: 401,
    });
    await expect(
      seedManagement(emu.management, { vectorIndexes: [{ name: "bad", dimension: -1 }] }),
    ).rejects.toBeInstanceOf(ManagementCallError);
  });
});
