import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("FAILOVER", () => {
  test.for([
    [["FAILOVER"], ERR.FAILOVER_NO_REPLICAS],
    [["FAILOVER", "TO", "host", "6379", "TIMEOUT", "10", "FORCE"], ERR.FAILOVER_NO_REPLICAS],
    [["FAILOVER", "ABORT"], ERR.FAILOVER_NOT_IN_PROGRESS],
    [["FAILOVER", "ABORT", "FORCE"], ERR.FAILOVER_ABORT_ALONE],
    [["FAILOVER", "FORCE"], ERR.FAILOVER_FORCE],
    [["FAILOVER", "TIMEOUT", "-1"], ERR.FAILOVER_TIMEOUT],
    [["FAILOVER", "TO"], ERR.SYNTAX],
    [["FAILOVER", "foo"], ERR.SYNTAX],
    [["FAILOVER", "TO", "h", "x"], ERR.NOT_INTEGER],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
