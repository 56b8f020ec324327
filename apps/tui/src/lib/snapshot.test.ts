import { startEmulator } from "@stratus/testing";
import { test } from "vitest";
import { emulatorOptions } from "../../test/support/services.ts";
import { createServices } from "./connect.ts";
import { runSnapshot } from "./snapshot.ts";
import { DATABASE_COUNTERS } from "./stats-fields.ts";

test("stats --once --json prints the first database's stats", async ({ expect }) => {
  await using emulator = await startEmulator();
  await emulator.command(["SET", "k", "v"]);
  const options = emulatorOptions(emulator, { once: true, json: true, period: "3h" });
  const services = createServices(options);
  try {
    const result = await runSnapshot("stats", { words: [], options }, services);
    expect(result.exitCode).toBe(0);
    const snapshot = JSON.parse(result.stdout);
    expect(snapshot.resource).toMatchObject({ kind: "database", name: "default" });
    expect(snapshot.period).toBe("3h");
    expect(snapshot.stats.throughput).toHaveLength(60);
    expect(snapshot.stats.daily_write_requests).toBeGreaterThanOrEqual(1);
  } finally {
    await services.close();
  }
});

test("stats as text shows every counter and a chart per series", async ({ expect }) => {
  await using emulator = await startEmulator();
  const options = emulatorOptions(emulator, { once: true });
  const services = createServices(options);
  try {
    const result = await runSnapshot("stats", { words: [], options }, services);
    expect(result.exitCode).toBe(0);
    for (const field of DATABASE_COUNTERS) {
      expect(result.stdout).toContain(field.label);
    }
    expect(result.stdout).toMatch(/throughput\s+▁+/);
  } finally {
    await services.close();
  }
});

test("stats of a vector index by id", async ({ expect }) => {
  await using emulator = await startEmulator();
  const base = emulatorOptions(emulator, { once: true, json: true });
  const services = createServices(base);
  try {
    const listing = await runSnapshot("resources", { words: [], options: base }, services);
    const indexId = JSON.parse(listing.stdout)["vector indexes"][0].id;
    const options = { ...base, vectorIndex: indexId };
    const result = await runSnapshot("stats", { words: [], options }, services);
    expect(JSON.parse(result.stdout)).toMatchObject({
      resource: { kind: "vector", id: indexId },
      stats: { current_vector_count: 0 },
    });
  } finally {
    await services.close();
  }
});

test("resources and command", async ({ expect }) => {
  await using emulator = await startEmulator();
  const options = emulatorOptions(emulator);
  const services = createServices(options);
  try {
    const resources = await runSnapshot("resources", { words: [], options }, services);
    expect(resources.stdout).toMatch(/^databases \(1\)$/m);
    expect(resources.stdout).toContain("teams (0)");
    const set = await runSnapshot("command", { words: ["SET", "k", "a b"], options }, services);
    expect(set).toEqual({ stdout: '"OK"\n', stderr: "", exitCode: 0 });
    const get = await runSnapshot(
      "command",
      { words: ["GET k"], options: { ...options, json: true } },
      services,
    );
    expect(JSON.parse(get.stdout)).toEqual({ result: "a b" });
    const failed = await runSnapshot("command", { words: ["INCR", "k"], options }, services);
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toMatch(/^\(error\) ERR value is not an integer/);
  } finally {
    await services.close();
  }
});

test("an unreachable service is exit code 1 with a fix, never a stack", async ({ expect }) => {
  await using emulator = await startEmulator();
  const options = emulatorOptions(emulator, { managementUrl: "http://127.0.0.1:9/v2", once: true });
  const services = createServices(options);
  try {
    const result = await runSnapshot("stats", { words: [], options }, services);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("error: Cannot reach the management API");
    expect(result.stderr).toContain("fix: ");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  } finally {
    await services.close();
  }
});
