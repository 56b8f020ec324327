import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function sicily() {
  const engine = createTestEngine();
  engine.run(
    "GEOADD",
    "Sicily",
    "13.361389",
    "38.115556",
    "Palermo",
    "15.087269",
    "37.502669",
    "Catania",
    "13.583333",
    "37.316667",
    "Agrigento",
  );
  return engine;
}

describe("GEORADIUSBYMEMBER", () => {
  test("members within the radius of a member", ({ expect }) => {
    const { run } = sicily();
    expect(run("GEORADIUSBYMEMBER", "Sicily", "Agrigento", "100", "km")).toEqual(
      r.bulks("Agrigento", "Palermo"),
    );
    expect(run("GEORADIUSBYMEMBER", "Sicily", "Agrigento", "100", "km", "STORE", "d")).toEqual(
      r.int(2),
    );
    expect(run("TYPE", "d")).toEqual(r.simple("zset"));
  });

  test("a missing key skips the member and radius entirely", ({ expect }) => {
    const { run } = sicily();
    expect(run("GEORADIUSBYMEMBER", "nokey", "x", "abc", "km")).toEqual(r.arr());
    expect(run("GEORADIUSBYMEMBER", "nokey", "x", "1", "km", "STORE", "d")).toEqual(r.int(0));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = sicily();
    run("SET", "s", "v");
    expect(run("GEORADIUSBYMEMBER", "s", "x", "1", "km")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("an expired key is gone", ({ expect }) => {
    const { run, clock } = sicily();
    run("PEXPIRE", "Sicily", "10");
    clock.advance(10);
    expect(run("GEORADIUSBYMEMBER", "Sicily", "Agrigento", "100", "km")).toEqual(r.arr());
  });

  test.for([
    [["GEORADIUSBYMEMBER", "Sicily", "Rome", "100", "km"], ERR.GEO_MEMBER_NOT_FOUND],
    [["GEORADIUSBYMEMBER", "Sicily", "Rome", "x", "km"], ERR.GEO_MEMBER_NOT_FOUND],
    [["GEORADIUSBYMEMBER", "Sicily", "Palermo", "x", "km"], ERR.GEO_NEED_NUMERIC_RADIUS],
    [
      ["GEORADIUSBYMEMBER", "Sicily", "Palermo", "1", "km", "STOREDIST", "d", "WITHHASH"],
      ERR.GEO_STORE_WITH_OPTIONS("STORE option in GEORADIUS"),
    ],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = sicily();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
