import { CommandError, HttpError, NetworkError, TimeoutError } from "@stratus/client";
import { test } from "vitest";
import { describeProblem, missingCredentials } from "./problem.ts";
import { ServiceTargets } from "./services.ts";

const kv = ServiceTargets.kv("http://127.0.0.1:8079");

test("an unreachable server says what to start and which flag to set", ({ expect }) => {
  const problem = describeProblem(new NetworkError("connect ECONNREFUSED", { attempts: 3 }), kv);
  expect(problem.title).toBe("Cannot reach the key-value REST");
  expect(problem.fix).toContain("stratus-emulator");
  expect(problem.fix).toContain("--kv-url / STRATUS_KV_URL");
});

test.for([
  [401, "refused the credentials", "--kv-token"],
  [404, "not served at this URL", "--kv-url"],
  [500, "answered with an error", "server's log"],
] as const)("HTTP %i", ([status, title, fix], { expect }) => {
  const problem = describeProblem(new HttpError(status, "nope"), kv);
  expect(problem.title).toContain(title);
  expect(problem.fix).toContain(fix);
  expect(problem.detail).toContain(`HTTP ${status}`);
});

test("other failures show one line, never a stack", ({ expect }) => {
  const error = new Error("first line\n    at secret (file.ts:1:1)");
  expect(describeProblem(error, kv).detail).toBe("first line");
  expect(describeProblem(new TimeoutError(10), kv).title).toContain("did not answer in time");
  expect(
    describeProblem(new CommandError("ERR x", { command: ["GET"], status: 400 }), kv).detail,
  ).toBe("ERR x");
});

test("missing credentials name the flags", ({ expect }) => {
  expect(missingCredentials(ServiceTargets.management("http://h/v2")).fix).toContain(
    "--email and --api-key",
  );
});

test("an unknown resource is not mistaken for a wrong URL", ({ expect }) => {
  const management = ServiceTargets.management("http://h/v2");
  const problem = describeProblem(new HttpError(404, "database not found"), management);
  expect(problem.title).toBe("Not found: database not found");
  expect(problem.fix).toContain("Resources screen");
});
