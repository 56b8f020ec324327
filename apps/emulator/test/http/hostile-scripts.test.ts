/**
 * Scripts that try to hold the server (hardening: scripts that cannot be stopped), sent as the
 * probe sent them: over REST with the Read Only token. Each ends at `busy-reply-threshold` or at
 * the Lua memory limit with an error, and the server answers the next request.
 */
import { test } from "vitest";
import { command, READ_ONLY_TOKEN, startEmulator } from "./fixtures/transports.ts";

const THRESHOLD_MS = 50;

test.for([
  // Backtracking: 18 nested `a*` before a `b` that never comes.
  ["a pattern that backtracks", "return string.find(string.rep('a',18), string.rep('a*',18)..'b')"],
  [
    "gsub over a backtracking pattern",
    "return string.gsub(string.rep('a',18), string.rep('a*',18)..'b', 'x')",
  ],
  ["a string of a gigabyte", "return #string.rep('x', 1e9)"],
  [
    "a table that grows without end",
    "local t = {} while true do t[#t + 1] = string.rep('x', 1e6) end",
  ],
  ["an endless loop", "while true do end"],
] as const)("%s is stopped, and the server serves on", async ([, script], { expect }) => {
  await using server = await startEmulator("socket");
  server.engine.config.set("busy-reply-threshold", String(THRESHOLD_MS));
  const startedAt = performance.now();
  const response = await command(server, ["EVAL_RO", script, "0"], { token: READ_ONLY_TOKEN });
  expect(response.status).toBe(400);
  expect(response.json()).toEqual({
    error: expect.stringMatching(/Script killed|not enough memory/),
  });
  // Far below the 201 s and 17 s the probe saw; generous for a loaded machine.
  expect(performance.now() - startedAt).toBeLessThan(5000);
  expect((await command(server, ["PING"])).json()).toEqual({ result: "PONG" });
});
