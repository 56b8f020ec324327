/**
 * Authentication and routing of `/v2` (`spec/management-api.md` §1, §8): basic auth on every
 * operation but `GET /qstash/ipv4`, constant answers for unknown paths and wrong methods.
 */
import { test } from "vitest";
import { API_KEY, basicAuth, EMAIL, startManagementEmulator } from "./fixtures.ts";

test.for([
  ["no credentials", null],
  ["a wrong API key", basicAuth(EMAIL, "wrong")],
  ["a wrong email", basicAuth("other@example.com", API_KEY)],
  ["a bearer token", `Bearer ${API_KEY}`],
  ["malformed basic", "Basic !!!"],
] as const)("%s → 401 unauthorized", async ([, auth], { expect }) => {
  await using emu = await startManagementEmulator();
  for (const path of ["/redis/databases", "/teams", "/vector/index", "/search", "/qstash/users"]) {
    const response = await emu.api("GET", path, { auth });
    expect([path, response.status, response.json]).toEqual([path, 401, { error: "unauthorized" }]);
  }
});

test("GET /qstash/ipv4 needs no auth", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const response = await emu.api("GET", "/qstash/ipv4", { auth: null });
  expect(response.status).toBe(200);
  expect(response.json).toEqual(expect.arrayContaining([expect.stringMatching(/\/32$/)]));
});

test("unknown paths are 404 and wrong methods 405, with JSON errors", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const unknown = await emu.api("GET", "/nothing/here");
  expect(unknown.status).toBe(404);
  expect(unknown.json.error).toEqual(expect.any(String));
  const wrongMethod = await emu.api("PUT", "/redis/databases");
  expect(wrongMethod.status).toBe(405);
  expect(wrongMethod.json.error).toMatch(/use GET/);
});

test("the emulator exposes the management URL and credentials", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  expect(emu.emulator.managementUrl).toBe(`${emu.emulator.url}/v2`);
  expect([emu.emulator.email, emu.emulator.apiKey]).toEqual([EMAIL, API_KEY]);
});

test("without --email and --api-key, credentials are generated", async ({ expect }) => {
  await using emu = await startManagementEmulator({ email: undefined, apiKey: undefined });
  expect(emu.emulator.apiKey.length).toBeGreaterThanOrEqual(16);
  const response = await emu.api("GET", "/teams", {
    auth: basicAuth(emu.emulator.email, emu.emulator.apiKey),
  });
  expect([response.status, response.json]).toEqual([200, []]);
});

test("over a real socket too", async ({ expect }) => {
  await using emu = await startManagementEmulator();
  const response = await fetch(`${emu.emulator.managementUrl}/teams`, {
    headers: { authorization: basicAuth(EMAIL, API_KEY) },
  });
  expect([response.status, await response.json()]).toEqual([200, []]);
  const refused = await fetch(`${emu.emulator.managementUrl}/teams`);
  expect(refused.status).toBe(401);
});
