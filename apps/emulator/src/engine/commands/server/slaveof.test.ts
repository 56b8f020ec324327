import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SLAVEOF", () => {
  test("NO ONE keeps the engine a master; following another server is refused", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SLAVEOF", "no", "one")).toEqual(r.ok);
    expect(run("SLAVEOF", "localhost", "6380")).toEqual(
      r.err(ERR.REPLICATION_UNSUPPORTED("SLAVEOF")),
    );
    expect(run("SLAVEOF", "localhost", "abc")).toEqual(r.err(ERR.INVALID_MASTER_PORT));
  });
});
