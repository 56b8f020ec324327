import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "vitest";
import { createEmulator } from "../src/index.ts";

async function withDataDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "stratus-persist-"));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function command(url: string, token: string, argv: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify(argv),
  });
  return response.json();
}

describe("persistence in a data directory", () => {
  test("acknowledged writes survive a restart, expiry included", async ({ expect }) => {
    await withDataDir(async (dataDir) => {
      const options = {
        port: 0,
        respPort: null,
        dataDir,
        token: "t",
        readOnlyToken: "r",
        fsync: "always" as const,
      };
      {
        await using emulator = await createEmulator(options);
        expect(await command(emulator.url, "t", ["SET", "kept", "v\u00e9"])).toEqual({
          result: "OK",
        });
        expect(await command(emulator.url, "t", ["SET", "gone", "v", "PX", "1"])).toEqual({
          result: "OK",
        });
        expect(await command(emulator.url, "t", ["SET", "later", "v", "EX", "1000"])).toEqual({
          result: "OK",
        });
        expect(await command(emulator.url, "t", ["DEL", "nothing"])).toEqual({ result: 0 });
      }
      await using restarted = await createEmulator(options);
      expect(await command(restarted.url, "t", ["GET", "kept"])).toEqual({ result: "v\u00e9" });
      expect(await command(restarted.url, "t", ["GET", "later"])).toEqual({ result: "v" });
      expect(await command(restarted.url, "t", ["GET", "gone"])).toEqual({ result: null });
    });
  });

  test("a second emulator on the same data directory is refused", async ({ expect }) => {
    await withDataDir(async (dataDir) => {
      await using _first = await createEmulator({ port: 0, respPort: null, dataDir });
      await expect(createEmulator({ port: 0, respPort: null, dataDir })).rejects.toMatchObject({
        code: "ERR_DATA_DIR_LOCKED",
      });
    });
  });
});
