import { describe, test } from "vitest";
import type { TestProject } from "vitest/node";
import { type ProvidedEmulator, setup, teardown } from "./global-setup.ts";

describe("global setup", () => {
  test("provides a running emulator's URL and tokens, and teardown stops it", async ({
    expect,
  }) => {
    let provided: ProvidedEmulator | undefined;
    const project = {
      provide: (key: string, value: ProvidedEmulator) => {
        expect(key).toBe("stratusEmulator");
        provided = value;
      },
    } as unknown as TestProject;
    await setup(project);
    try {
      expect(provided?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${provided?.url}/ping`, {
        headers: { authorization: `Bearer ${provided?.token}` },
      });
      expect(await response.json()).toEqual({ result: "PONG" });
      expect(provided?.management.url).toBe(`${provided?.url}/v2`);
      expect(provided?.vector.url).toBe(`${provided?.url}/vector/default`);
    } finally {
      await teardown();
    }
    await expect(fetch(`${provided?.url}/ping`)).rejects.toThrow();
  });
});
