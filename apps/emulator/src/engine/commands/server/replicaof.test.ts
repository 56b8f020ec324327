import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("REPLICAOF", () => {
  test("NO ONE keeps the engine a master; following another server is refused", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("REPLICAOF", "no", "one")).toEqual(r.ok);
    expect(run("REPLICAOF", "localhost", "6380")).toEqual(
      r.err(ERR.REPLICATION_UNSUPPORTED("REPLICAOF")),
    );
    expect(run("REPLICAOF", "localhost", "abc")).toEqual(r.err(ERR.INVALID_MASTER_PORT));
  });
});
