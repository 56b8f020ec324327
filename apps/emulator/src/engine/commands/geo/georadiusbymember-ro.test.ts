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
    "13.583333",
    "37.316667",
    "Agrigento",
  );
  return engine;
}

describe("GEORADIUSBYMEMBER_RO", () => {
  test("searches like GEORADIUSBYMEMBER", ({ expect }) => {
    const { run } = sicily();
    expect(
      run("GEORADIUSBYMEMBER_RO", "Sicily", "Agrigento", "100", "km", "ASC", "WITHDIST"),
    ).toEqual(
      r.arr(
        r.arr(r.bulk("Agrigento"), r.bulk("0.0000")),
        r.arr(r.bulk("Palermo"), r.bulk("90.9778")),
      ),
    );
    expect(run("GEORADIUSBYMEMBER_RO", "nokey", "x", "1", "km")).toEqual(r.arr());
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = sicily();
    run("SET", "s", "v");
    expect(run("GEORADIUSBYMEMBER_RO", "s", "x", "1", "km")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("an expired key is gone", ({ expect }) => {
    const { run, clock } = sicily();
    run("PEXPIRE", "Sicily", "10");
    clock.advance(10);
    expect(run("GEORADIUSBYMEMBER_RO", "Sicily", "Palermo", "1", "km")).toEqual(r.arr());
  });

  test.for([
    [["GEORADIUSBYMEMBER_RO", "Sicily", "Palermo", "1", "km", "STORE", "x"], ERR.SYNTAX],
    [["GEORADIUSBYMEMBER_RO", "Sicily", "Rome", "1", "km"], ERR.GEO_MEMBER_NOT_FOUND],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = sicily();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
