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

describe("GEORADIUS_RO", () => {
  test("searches like GEORADIUS", ({ expect }) => {
    const { run } = sicily();
    expect(
      run("GEORADIUS_RO", "Sicily", "15", "37", "200", "km", "COUNT", "1", "WITHDIST"),
    ).toEqual(r.arr(r.arr(r.bulk("Catania"), r.bulk("56.4413"))));
    expect(run("GEORADIUS_RO", "nokey", "15", "37", "200", "km")).toEqual(r.arr());
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = sicily();
    run("SET", "s", "v");
    expect(run("GEORADIUS_RO", "s", "15", "37", "200", "km")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("an expired key is gone", ({ expect }) => {
    const { run, clock } = sicily();
    run("PEXPIRE", "Sicily", "10");
    clock.advance(10);
    expect(run("GEORADIUS_RO", "Sicily", "15", "37", "200", "km")).toEqual(r.arr());
  });

  test.for([
    [["GEORADIUS_RO", "Sicily", "15", "37", "200", "km", "STORE", "x"], ERR.SYNTAX],
    [["GEORADIUS_RO", "Sicily", "15", "37", "200", "km", "STOREDIST", "x"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = sicily();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
