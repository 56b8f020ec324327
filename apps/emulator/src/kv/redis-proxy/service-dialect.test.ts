import { createHash } from "node:crypto";
import { describe, test } from "vitest";
import { REDIS_FIELD_EXPIRE_MAX_MS, ServiceDialect, stripServiceFlags } from "./service-dialect.ts";

const sha1 = (text: string): string => createHash("sha1").update(text, "latin1").digest("hex");

describe("stripServiceFlags", () => {
  test.for([
    ["#!lua flags=allow-key-locking\nreturn 1", "#!lua flags=\nreturn 1"],
    ["#!lua flags=no-writes,allow-key-locking\nreturn 1", "#!lua flags=no-writes\nreturn 1"],
    ["#!lua  flags=allow-key-locking,allow-oom\n", "#!lua flags=allow-oom\n"],
    ["#!lua flags=allow-key-locking", "#!lua flags="],
  ] as const)("%j → %j", ([body, expected], { expect }) => {
    expect(stripServiceFlags(body)).toBe(expected);
  });

  test.for([
    "return 'allow-key-locking'",
    "#!lua flags=no-writes\nreturn 1",
    '#!lua "flags=allow-key-locking"\n',
  ])("%j is left alone", (body, { expect }) => {
    expect(stripServiceFlags(body)).toBeUndefined();
  });
});

describe("ServiceDialect", () => {
  test("EVAL, SCRIPT LOAD, EVALSHA and SCRIPT EXISTS speak the client's SHA", async ({
    expect,
  }) => {
    const dialect = new ServiceDialect();
    const body = "#!lua flags=allow-key-locking\nreturn 1";
    const sent = "#!lua flags=\nreturn 1";
    expect(dialect.prepare(["EVALSHA", sha1(body), "0"]).argv).toEqual([
      "EVALSHA",
      sha1(body),
      "0",
    ]);
    expect(dialect.prepare(["EVAL", body, "0"]).argv).toEqual(["EVAL", sent, "0"]);
    expect(dialect.prepare(["evalsha_ro", sha1(body).toUpperCase(), "0"]).argv).toEqual([
      "evalsha_ro",
      sha1(sent),
      "0",
    ]);
    const load = dialect.prepare(["SCRIPT", "LOAD", body]);
    expect(load.argv).toEqual(["SCRIPT", "LOAD", sent]);
    const loaded = await load.finish?.(
      { kind: "bulk", value: Buffer.from(sha1(sent)) },
      async () => [],
    );
    expect(loaded).toEqual({ kind: "bulk", value: Buffer.from(sha1(body)) });
    expect(dialect.prepare(["SCRIPT", "EXISTS", sha1(body), "abc"]).argv).toEqual([
      "SCRIPT",
      "EXISTS",
      sha1(sent),
      "abc",
    ]);
  });

  test("FUNCTION LOAD: the flag literal becomes allow-stale", ({ expect }) => {
    const code =
      "#!lua name=l\nredis.register_function{function_name='f', callback=function() end, flags={\"no-writes\", 'allow-key-locking'}}";
    expect(new ServiceDialect().prepare(["FUNCTION", "LOAD", "REPLACE", code]).argv?.[3]).toBe(
      code.replace("'allow-key-locking'", "'allow-stale'"),
    );
  });

  test("SCAN WITHTYPE: a SCAN, then TYPE per key; vanished keys are left out", async ({
    expect,
  }) => {
    const prepared = new ServiceDialect().prepare(["SCAN", "0", "MATCH", "withtype", "WITHTYPE"]);
    expect(prepared.argv).toEqual(["SCAN", "0", "MATCH", "withtype"]);
    const bulk = (text: string) => ({ kind: "bulk" as const, value: Buffer.from(text) });
    const asked: (readonly string[])[] = [];
    const reply = await prepared.finish?.(
      { kind: "array", items: [bulk("7"), { kind: "array", items: [bulk("a"), bulk("b")] }] },
      async (commands) => {
        asked.push(...commands);
        return [
          { kind: "simple", value: "zset" },
          { kind: "simple", value: "none" },
        ];
      },
    );
    expect(asked).toEqual([
      ["TYPE", "a"],
      ["TYPE", "b"],
    ]);
    expect(reply).toEqual({
      kind: "array",
      items: [bulk("7"), { kind: "array", items: [bulk("a"), bulk("zset")] }],
    });
  });

  test("COPY key key is answered without Redis; with DB it goes through", async ({ expect }) => {
    const dialect = new ServiceDialect();
    const same = dialect.prepare(["COPY", "k", "k", "replace"]);
    expect(same.argv).toBeUndefined();
    expect(await same.finish?.(undefined, async () => [])).toEqual({ kind: "integer", value: 0n });
    expect(dialect.prepare(["COPY", "k", "k", "DB", "1"]).argv).toEqual([
      "COPY",
      "k",
      "k",
      "DB",
      "1",
    ]);
  });

  test("HEXPIREAT/HPEXPIREAT past Redis's limit are set to it", ({ expect }) => {
    const dialect = new ServiceDialect();
    const max = String(REDIS_FIELD_EXPIRE_MAX_MS);
    expect(
      dialect.prepare(["HEXPIREAT", "h", "1760000000000", "NX", "FIELDS", "1", "f"]).argv,
    ).toEqual(["HPEXPIREAT", "h", max, "NX", "FIELDS", "1", "f"]);
    expect(dialect.prepare(["HPEXPIREAT", "h", "70368744177664", "FIELDS", "1", "f"]).argv).toEqual(
      ["HPEXPIREAT", "h", max, "FIELDS", "1", "f"],
    );
    const inRange = ["HEXPIREAT", "h", "1760000000", "FIELDS", "1", "f"];
    expect(dialect.prepare(inRange).argv).toBe(inRange);
  });
});
