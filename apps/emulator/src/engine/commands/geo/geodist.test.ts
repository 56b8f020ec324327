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
  );
  return engine;
}

describe("GEODIST", () => {
  test("meters by default, and each unit in any case", ({ expect }) => {
    const { run } = sicily();
    expect(run("GEODIST", "Sicily", "Palermo", "Catania")).toEqual(r.bulk("166274.1516"));
    expect(run("GEODIST", "Sicily", "Palermo", "Catania", "km")).toEqual(r.bulk("166.2742"));
    expect(run("GEODIST", "Sicily", "Palermo", "Catania", "MI")).toEqual(r.bulk("103.3182"));
    expect(run("GEODIST", "Sicily", "Palermo", "Catania", "Ft")).toEqual(r.bulk("545518.8700"));
    expect(run("GEODIST", "Sicily", "Palermo", "Palermo")).toEqual(r.bulk("0.0000"));
  });

  test("nil for a missing member or key", ({ expect }) => {
    const { run } = sicily();
    expect(run("GEODIST", "Sicily", "Palermo", "Rome")).toEqual(r.nil);
    expect(run("GEODIST", "nokey", "a", "b")).toEqual(r.nil);
  });

  test("WRONGTYPE on a string, after the unit is checked", ({ expect }) => {
    const { run } = sicily();
    run("SET", "s", "v");
    expect(run("GEODIST", "s", "a", "b")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("GEODIST", "s", "a", "b", "parsec")).toEqual(r.err(ERR.GEO_UNSUPPORTED_UNIT));
  });

  test("an expired key is gone", ({ expect }) => {
    const { run, clock } = sicily();
    run("PEXPIRE", "Sicily", "10");
    clock.advance(10);
    expect(run("GEODIST", "Sicily", "Palermo", "Catania")).toEqual(r.nil);
  });

  test.for([
    [["GEODIST", "Sicily", "Palermo", "Catania", "yd"], ERR.GEO_UNSUPPORTED_UNIT],
    [["GEODIST", "Sicily", "Palermo", "Catania", "km", "x"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = sicily();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
