import { describe, test } from "vitest";
import { seedCommands, seedEveryType } from "./seed.ts";
import { startEmulator } from "./start-emulator.ts";

describe("seed", () => {
  test("seedCommands deletes, writes, then expires", ({ expect }) => {
    expect(
      seedCommands({
        strings: { s: "v" },
        sortedSets: { z: { a: 1, b: 2.5 } },
        geo: { g: { rome: [12.5, 41.9] } },
        ttlMs: { s: 1000 },
      }),
    ).toEqual([
      ["DEL", "s"],
      ["SET", "s", "v"],
      ["DEL", "z"],
      ["ZADD", "z", 1, "a", 2.5, "b"],
      ["DEL", "g"],
      ["GEOADD", "g", 12.5, 41.9, "rome"],
      ["PEXPIRE", "s", 1000],
    ]);
  });

  test("seedEveryType writes one key of each type", async ({ expect }) => {
    await using emu = await startEmulator();
    const keys = await seedEveryType(emu, { prefix: "p", json: true });
    const types: Record<string, unknown> = {};
    for (const [kind, key] of Object.entries(keys)) {
      types[kind] = await emu.command(["TYPE", key]);
    }
    expect(types).toEqual({
      string: "string",
      hash: "hash",
      list: "list",
      set: "set",
      sortedSet: "zset",
      stream: "stream",
      geo: "zset",
      hyperLogLog: "string",
      bitmap: "string",
      json: "ReJSON-RL",
    });
    expect(await emu.command(["PFCOUNT", keys.hyperLogLog])).toBe(3);
    expect(await emu.command(["BITCOUNT", keys.bitmap])).toBe(3);
    expect(await emu.command(["XLEN", keys.stream])).toBe(2);
  });

  test("seeded TTLs follow the emulator's clock", async ({ expect }) => {
    await using emu = await startEmulator();
    await emu.seed({ hashes: { h: { f: "v" } }, ttlMs: { h: 60_000 } });
    emu.clock.advance(60_000);
    expect(await emu.command(["EXISTS", "h"])).toBe(0);
  });
});
