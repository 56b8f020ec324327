import { describe, test } from "vitest";
import { Config, normaliseNotifyFlags, validateConfigSet } from "./config.ts";

describe("Config", () => {
  test.for([
    ["KEA", "AKE"],
    ["KEAm", "AKEm"],
    ["Kn", "nK"],
    ["Ed", "dE"],
    ["Kglshzxetd", "glshzxetdK"],
    ["Kglshzxetd$", "AK"],
    ["AKEmnd", "AKEm"],
    ["Kmnd", "dnKm"],
    ["", ""],
  ] as const)("notify-keyspace-events %j is written back as %j", ([input, output], { expect }) => {
    expect(normaliseNotifyFlags(input)).toBe(output);
  });

  test("start-up overrides are validated, immutable ones included", ({ expect }) => {
    expect(new Config({ databases: "4", port: "7000" }).value("databases")).toBe("4");
    expect(() => new Config({ nope: "1" })).toThrow("invalid engine configuration nope=1");
    expect(() => new Config({ hz: "x" })).toThrow();
  });

  test("a derived value is made once per change and made again after CONFIG SET", ({ expect }) => {
    const config = new Config();
    let derivations = 0;
    const fill = (from: Pick<Config, "value">): number => {
      derivations++;
      return Number(from.value("list-max-listpack-size"));
    };
    expect([config.derived(fill), config.derived(fill)]).toEqual([-2, -2]);
    expect(derivations).toBe(1);
    config.set("list-max-listpack-size", "5");
    expect([config.derived(fill), config.derived(fill)]).toEqual([5, 5]);
    expect(derivations).toBe(2);
  });

  test("aliases read and write the same parameter", ({ expect }) => {
    const config = new Config();
    config.set("hash-max-ziplist-entries", "5");
    expect(config.value("hash-max-listpack-entries")).toBe("5");
    expect(config.get("hash-max-*-entries")).toEqual(
      new Map([
        ["hash-max-listpack-entries", "5"],
        ["hash-max-ziplist-entries", "5"],
      ]),
    );
  });

  test("memory values accept Redis's units", ({ expect }) => {
    const values = validateConfigSet([
      ["maxmemory", "2kb"],
      ["client-query-buffer-limit", "2m"],
      ["hll-sparse-max-bytes", "1GB"],
    ]).map(([, value]) => value);
    expect(values).toEqual(["2048", "2000000", "1073741824"]);
  });
});
