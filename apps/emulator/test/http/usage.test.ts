import { test } from "vitest";
import { createEmulator } from "../../src/index.ts";

test("every REST request is counted in its database's usage", async ({ expect }) => {
  await using emulator = await createEmulator({
    port: 0,
    respPort: null,
    token: "t",
    readOnlyToken: "r",
  });
  const headers = { authorization: "Bearer t" };
  await emulator.fetch(`${emulator.url}/set/k/v`, { headers });
  await emulator.fetch(`${emulator.url}/pipeline`, {
    method: "POST",
    headers,
    body: JSON.stringify([
      ["GET", "k"],
      ["INCR", "n"],
      ["GET", "n"],
    ]),
  });
  const usage = emulator.databases.get("default")?.usage;
  expect(usage).toMatchObject({ commands: 4, writes: 2, requests: 2 });
  expect(usage?.bytesIn).toBeGreaterThan(0);
  expect(usage?.bytesOut).toBeGreaterThan(0);
});
