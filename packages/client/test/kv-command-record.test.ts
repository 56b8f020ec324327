/** The command record against the emulator: every entry is a command it knows, and a tour of the groups. */
import { startEmulator, type TestEmulator } from "@stratus/testing";
import { afterAll, beforeAll, describe, test } from "vitest";
import { commands, createKv, type Kv } from "../src/index.ts";

let emu: TestEmulator;
let kv: Kv;
beforeAll(async () => {
  emu = await startEmulator();
  kv = createKv({ url: emu.url, token: emu.token });
});
afterAll(async () => {
  await kv.close();
  await emu.stop();
});

describe("the record", () => {
  test("every entry names a command the emulator knows (COMMAND INFO)", async ({ expect }) => {
    const names = [...new Set(Object.values(commands).map((command) => command.words[0] ?? ""))];
    const infos = await kv.command("COMMAND", "INFO", ...names);
    expect(Array.isArray(infos)).toBe(true);
    const unknown = names.filter((_, index) => (infos as unknown[])[index] === null);
    expect(unknown).toEqual([]);
  });
});

describe("a tour of the groups", () => {
  test("hash field expiry, HGETDEL", async ({ expect }) => {
    await kv.hset("tour:hash", { a: "1", b: "2" });
    expect(await kv.hexpire("tour:hash", 100, ["a", "missing"])).toEqual([1, -2]);
    expect(await kv.httl("tour:hash", "a", "b")).toEqual([100, -1]);
    expect(await kv.hgetdel("tour:hash", "b")).toEqual(["2"]);
  });

  test("sorted-set algebra", async ({ expect }) => {
    await kv.zadd("tour:z1", [
      { score: 1, member: "a" },
      { score: 2, member: "b" },
    ]);
    await kv.zadd("tour:z2", [{ score: 5, member: "b" }]);
    expect(await kv.zinter("tour:z1", "tour:z2")).toEqual(["b"]);
    expect(await kv.zunionstore("tour:z3", ["tour:z1", "tour:z2"], { aggregate: "MAX" })).toBe(2);
    expect(await kv.zrange("tour:z3", { start: "(1", stop: "+inf", by: "SCORE" })).toEqual(["b"]);
  });

  test("JSON paths", async ({ expect }) => {
    await kv.jsonSet("tour:doc", { list: [1, 2], obj: { k: "v" }, flag: true });
    expect(await kv.jsonArrappend("tour:doc", "$.list", 3)).toEqual([3]);
    expect(await kv.jsonArrlen("tour:doc", "$.list")).toEqual([3]);
    expect(await kv.jsonObjkeys("tour:doc", "$.obj")).toEqual([["k"]]);
    expect(await kv.jsonToggle("tour:doc", "$.flag")).toEqual([0]);
    expect(await kv.jsonGet("tour:doc", "$.flag")).toEqual([false]);
  });

  test("streams with a consumer group", async ({ expect }) => {
    await kv.xgroupCreate("tour:stream", "g", { mkStream: true });
    const id = await kv.xadd("tour:stream", { n: "1" });
    const read = await kv.xreadgroup({ group: "g", consumer: "c" }, { "tour:stream": ">" });
    expect(read).toEqual([{ key: "tour:stream", entries: [{ id, fields: { n: "1" } }] }]);
    expect(await kv.xack("tour:stream", "g", id ?? "")).toBe(1);
    expect(await kv.xread({ "tour:stream": "0-0" }, { count: 1 })).toEqual(read);
  });

  test("DUMP and RESTORE round-trip bytes", async ({ expect }) => {
    await kv.set("tour:src", "payload");
    const dumped = await kv.dump("tour:src");
    expect(dumped).toBeInstanceOf(Uint8Array);
    expect(await kv.restore("tour:dst", dumped ?? new Uint8Array())).toBe("OK");
    expect(await kv.get("tour:dst")).toBe("payload");
  });

  test("scripts, functions and server commands", async ({ expect }) => {
    const sha = await kv.scriptLoad("return ARGV[1]");
    expect(await kv.evalsha(sha, [], ["hi"])).toEqual(new TextEncoder().encode("hi"));
    expect(await kv.scriptExists(sha, "0".repeat(40))).toEqual([true, false]);
    expect(await kv.eval("return #KEYS", ["a", "b"], [])).toBe(2);
    expect(await kv.dbsize()).toBeGreaterThan(0);
    expect(await kv.echo("x")).toBe("x");
    const [seconds] = await kv.time();
    expect(seconds).toBeGreaterThan(1_600_000_000);
  });

  test("geo", async ({ expect }) => {
    await kv.geoadd(
      "tour:geo",
      { longitude: 13.361389, latitude: 38.115556, member: "Palermo" },
      { longitude: 15.087269, latitude: 37.502669, member: "Catania" },
    );
    expect(await kv.geodist("tour:geo", ["Palermo", "Catania"], "KM")).toBeCloseTo(166.27, 1);
    expect(
      await kv.geosearch("tour:geo", {
        from: { longitude: 15, latitude: 37 },
        by: { radius: 200, unit: "KM" },
        order: "ASC",
      }),
    ).toEqual(["Catania", "Palermo"]);
  });
});
