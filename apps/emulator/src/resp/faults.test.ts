import { describe, test } from "vitest";
import { FaultInjector, type InjectedFault } from "../faults/injector.ts";
import { respFault } from "./faults.ts";

const GET = { database: "default", command: "GET", address: "127.0.0.1:5000" };

function injector(rules: unknown[]): { faults: FaultInjector; log: InjectedFault[] } {
  const log: InjectedFault[] = [];
  const faults = new FaultInjector({
    onInjected: (fault) => log.push(fault),
    redisTarget: "redis://127.0.0.1:6379/0",
  });
  for (const rule of rules) {
    faults.add(rule);
  }
  return { faults, log };
}

describe("fault rules on the RESP port", () => {
  test("no rule, or a rule of another interface, database or command: nothing", ({ expect }) => {
    expect(respFault(injector([]).faults, GET)).toBeUndefined();
    const { faults } = injector([
      { interface: "kv", error: "internal" },
      { interface: "resp", resource: "other", error: "internal" },
      { interface: "resp", command: "set", error: "internal" },
    ]);
    expect(respFault(faults, GET)).toBeUndefined();
    expect(respFault(faults, { ...GET, command: "SET" })?.outcome).toEqual({
      kind: "error",
      message: "ERR internal error (injected fault)",
    });
  });

  test.for([
    ["unauthorized", "WRONGPASS invalid or missing auth token"],
    ["requests-limit", "ERR max requests limit exceeded."],
    ["daily-limit", "ERR max daily request limit exceeded"],
    ["request-size", "ERR max request size exceeded"],
    ["unavailable", "ERR service unavailable (injected fault)"],
  ] as const)("%s: the key-value text as a Redis error", ([preset, message], { expect }) => {
    const fault = respFault(injector([{ interface: "resp", error: preset }]).faults, GET);
    expect(fault?.outcome).toEqual({ kind: "error", message });
  });

  test("custom bodies, resets, outages and latency; each fault is logged", ({ expect }) => {
    const custom = (body: string) =>
      respFault(injector([{ interface: "any", error: { status: 500, body } }]).faults, GET)
        ?.outcome;
    expect(custom('{"error":"LOADING Redis is loading"}')).toEqual({
      kind: "error",
      message: "LOADING Redis is loading",
    });
    expect(custom("boom")).toEqual({ kind: "error", message: "ERR boom" });
    expect(
      respFault(injector([{ interface: "resp", error: "connection-reset" }]).faults, GET)?.outcome,
    ).toEqual({ kind: "reset" });
    const { faults, log } = injector([
      { id: "slow", interface: "resp", latencyMs: 50 },
      { id: "down", interface: "resp", error: "redis-outage", every: 2 },
    ]);
    const first = respFault(faults, GET);
    expect(first).toMatchObject({ latencyMs: 50, outcome: { kind: "run" } });
    first?.report();
    const second = respFault(faults, GET);
    expect(second?.outcome).toEqual({
      kind: "outage",
      message:
        "ERR backend unavailable: Redis at redis://127.0.0.1:6379/0: connect ECONNREFUSED (injected outage)",
    });
    second?.report();
    expect(log).toEqual([
      { ruleId: "slow", method: "RESP", path: "127.0.0.1:5000 GET", action: "latency 50 ms" },
      {
        ruleId: "slow",
        method: "RESP",
        path: "127.0.0.1:5000 GET",
        action: "latency 50 ms, redis outage",
      },
      {
        ruleId: "down",
        method: "RESP",
        path: "127.0.0.1:5000 GET",
        action: "latency 50 ms, redis outage",
      },
    ]);
  });
});
