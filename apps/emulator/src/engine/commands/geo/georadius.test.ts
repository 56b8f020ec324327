import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { keyPositions } from "../dispatch.ts";
import { georadius } from "./georadius.ts";

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

describe("GEORADIUS", () => {
  test("members within the radius, with distances in the unit", ({ expect }) => {
    const { run } = sicily();
    expect(run("GEORADIUS", "Sicily", "15", "37", "200", "km")).toEqual(
      r.bulks("Agrigento", "Palermo", "Catania"),
    );
    expect(run("GEORADIUS", "Sicily", "15", "37", "200", "km", "WITHDIST", "DESC")).toEqual(
      r.arr(
        r.arr(r.bulk("Palermo"), r.bulk("190.4424")),
        r.arr(r.bulk("Agrigento"), r.bulk("130.4235")),
        r.arr(r.bulk("Catania"), r.bulk("56.4413")),
      ),
    );
  });

  test("STORE and STOREDIST write a sorted set; no match deletes it", ({ expect }) => {
    const { run } = sicily();
    expect(run("GEORADIUS", "Sicily", "15", "37", "200", "km", "STORE", "near")).toEqual(r.int(3));
    expect(run("GEOHASH", "near", "Palermo")).toEqual(r.bulks("sqc8b49rny0"));
    expect(run("GEORADIUS", "Sicily", "15", "37", "200", "km", "STOREDIST", "near")).toEqual(
      r.int(3),
    );
    expect(run("GEORADIUS", "Sicily", "15", "37", "1", "km", "STORE", "near")).toEqual(r.int(0));
    expect(run("EXISTS", "near")).toEqual(r.int(0));
    expect(run("GEORADIUS", "nokey", "15", "37", "1", "km", "STORE", "near")).toEqual(r.int(0));
  });

  test("a missing key is an empty result; coordinates are still checked", ({ expect }) => {
    const { run } = sicily();
    expect(run("GEORADIUS", "nokey", "15", "37", "200", "km")).toEqual(r.arr());
    expect(run("GEORADIUS", "nokey", "15", "100", "200", "km")).toEqual(
      r.err(ERR.INVALID_LONGITUDE_LATITUDE("15.000000", "100.000000")),
    );
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = sicily();
    run("SET", "s", "v");
    expect(run("GEORADIUS", "s", "15", "37", "x", "km")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("an expired key is gone", ({ expect }) => {
    const { run, clock } = sicily();
    run("PEXPIRE", "Sicily", "10");
    clock.advance(10);
    expect(run("GEORADIUS", "Sicily", "15", "37", "200", "km")).toEqual(r.arr());
  });

  test("the STORE key is a key for COMMAND GETKEYS", ({ expect }) => {
    expect(keyPositions(georadius, ["GEORADIUS", "k", "1", "2", "3", "km", "STORE", "d"])).toEqual([
      1, 7,
    ]);
    expect(keyPositions(georadius, ["GEORADIUS", "k", "1", "2", "3", "km"])).toEqual([1]);
  });

  test.for([
    [["GEORADIUS", "Sicily", "15", "37", "x", "km"], ERR.GEO_NEED_NUMERIC_RADIUS],
    [["GEORADIUS", "Sicily", "15", "37", "200", "yd"], ERR.GEO_UNSUPPORTED_UNIT],
    [
      ["GEORADIUS", "Sicily", "15", "37", "200", "km", "STORE", "x", "WITHDIST"],
      ERR.GEO_STORE_WITH_OPTIONS("STORE option in GEORADIUS"),
    ],
    [["GEORADIUS", "Sicily", "15", "37", "200", "km", "ANY"], ERR.GEO_ANY_WITHOUT_COUNT],
    [["GEORADIUS", "Sicily", "15", "37", "200", "km", "STORE"], ERR.SYNTAX],
    [["GEORADIUS", "Sicily", "15", "37", "200", "km", "FROMMEMBER", "Palermo"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = sicily();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
