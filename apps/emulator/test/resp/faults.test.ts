/**
 * Fault rules on the RESP port (`resp/faults.ts`), seen by ioredis and on the raw wire: a preset
 * error, latency, a reset connection and a simulated Redis outage, scoped by interface, database
 * and command; each counted and logged.
 */
import { describe, test } from "vitest";
import { startRespEmulator } from "./fixtures.ts";

describe("fault rules on the RESP port", () => {
  test("a preset error for one command of one database; the rest runs", async ({ expect }) => {
    await using server = await startRespEmulator();
    const { faults } = server.emulator;
    const rule = faults.add({
      interface: "resp",
      resource: "default",
      command: "get",
      error: "requests-limit",
    });
    faults.add({ interface: "resp", resource: "elsewhere", error: "internal" });
    faults.add({ interface: "kv", error: "internal" });
    const client = server.client();
    expect(await client.set("k", "v")).toBe("OK");
    await expect(client.get("k")).rejects.toThrow("ERR max requests limit exceeded.");
    expect(faults.list().find((state) => state.rule.id === rule.id)).toMatchObject({
      matched: 1,
      injected: 1,
    });
    faults.remove(rule.id);
    expect(await client.get("k")).toBe("v");
  });

  test("latency delays the reply; the replies stay in order", async ({ expect }) => {
    await using server = await startRespEmulator();
    server.emulator.faults.add({ interface: "resp", command: "PING", latencyMs: 40 });
    const socket = await server.socket();
    const started = performance.now();
    socket.write("*1\r\n$4\r\nPING\r\n*2\r\n$4\r\nECHO\r\n$1\r\nx\r\n");
    expect(await socket.read("+PONG\r\n$1\r\nx\r\n".length)).toBe("+PONG\r\n$1\r\nx\r\n");
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });

  test("connection-reset drops the connection unanswered; redis-outage answers, then closes", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const { faults } = server.emulator;
    const reset = faults.add({ interface: "resp", command: "GET", error: "connection-reset" });
    const first = await server.socket();
    first.write("*2\r\n$3\r\nGET\r\n$1\r\nk\r\n");
    expect(await first.readToEnd()).toBe("");
    faults.remove(reset.id);
    faults.add({ interface: "resp", command: "GET", error: "redis-outage" });
    const second = await server.socket();
    second.write("*2\r\n$3\r\nGET\r\n$1\r\nk\r\n");
    expect(await second.readToEnd()).toMatch(
      /^-ERR backend unavailable: Redis at the embedded engine: connect ECONNREFUSED \(injected outage\)\r\n$/,
    );
  });
});
