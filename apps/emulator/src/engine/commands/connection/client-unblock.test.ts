import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT UNBLOCK", () => {
  test.for([
    [["CLIENT", "UNBLOCK", "abc"], ERR.NOT_INTEGER],
    [["CLIENT", "UNBLOCK", "abc", "foo"], ERR.CLIENT_UNBLOCK_REASON],
    [["CLIENT", "UNBLOCK", "1", "error", "x"], ERR.SUBCOMMAND_SYNTAX("unblock", "CLIENT")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("ends a blocked command with its timeout reply, or UNBLOCKED with ERROR", async ({
    expect,
  }) => {
    const { engine, run } = createTestEngine();
    const blocked = engine.createSession({ address: "127.0.0.1:1" });
    const wait = (argv: string[]) => {
      const result = engine.execute(argv, blocked);
      if (result.kind !== "blocked") {
        throw new Error("did not block");
      }
      return engine.waitFor(result, argv, blocked);
    };
    expect(run("CLIENT", "UNBLOCK", String(blocked.id))).toEqual(r.int(0));
    const first = wait(["BLPOP", "q", "0"]);
    expect(run("CLIENT", "UNBLOCK", String(blocked.id))).toEqual(r.int(1));
    expect(await first).toEqual(r.nilArray);
    const second = wait(["BLPOP", "q", "0"]);
    expect(run("CLIENT", "UNBLOCK", String(blocked.id), "ERROR")).toEqual(r.int(1));
    expect(await second).toEqual(r.err(ERR.UNBLOCKED));
    expect(blocked.isBlocked).toBe(false);
  });
});
