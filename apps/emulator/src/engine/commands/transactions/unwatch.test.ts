import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("UNWATCH", () => {
  test("forgets the watched keys", ({ expect }) => {
    const { run, engine, session } = createTestEngine();
    const other = engine.createSession({ address: "x" });
    run("WATCH", "k");
    expect(run("UNWATCH")).toEqual(r.ok);
    engine.execute(["SET", "k", "2"], other);
    expect(engine.exec([["GET", "k"]], session)).toEqual([r.bulk("2")]);
  });
});
