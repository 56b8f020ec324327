import { describe, test } from "vitest";
import { startEmulator } from "./start-emulator.ts";

async function run(url: string, token: string, argv: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify(argv),
  });
  return response.json();
}

describe("startEmulator", () => {
  test("serves the default database on a random port with its tokens", async ({ expect }) => {
    await using emu = await startEmulator({ token: "fixed" });
    expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.token).toBe("fixed");
    expect(await run(emu.url, emu.token, ["SET", "k", "v"])).toEqual({ result: "OK" });
    expect(await run(emu.url, emu.readOnlyToken, ["GET", "k"])).toEqual({ result: "v" });
  });

  test("the manual clock drives expiry", async ({ expect }) => {
    await using emu = await startEmulator();
    await run(emu.url, emu.token, ["SET", "k", "v", "PX", "1000"]);
    emu.clock.advance(999);
    expect(await run(emu.url, emu.token, ["GET", "k"])).toEqual({ result: "v" });
    emu.clock.advance(1);
    expect(await run(emu.url, emu.token, ["GET", "k"])).toEqual({ result: null });
  });

  test("stop closes the port", async ({ expect }) => {
    const emu = await startEmulator();
    await emu.stop();
    await expect(fetch(emu.url)).rejects.toThrow();
  });
});
