import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function ids(text: { kind: string; value?: string }): number[] {
  return (text.value ?? "")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => Number(/^id=(\d+)/.exec(line)?.[1]));
}

describe("CLIENT LIST", () => {
  test("every connection, one line each; the shared REST session is hidden", ({ expect }) => {
    const { run, engine, session } = createTestEngine();
    const other = engine.createSession({ address: "10.0.0.1:1" });
    engine.createSession({ address: "0.0.0.0:0", isStateless: true });
    const reply = run("CLIENT", "LIST") as { kind: string; value?: string };
    expect(ids(reply)).toEqual([session.id, other.id]);
    expect(reply.value?.endsWith("\n")).toBe(true);
  });

  test("TYPE and ID filters", ({ expect }) => {
    const { run, engine, session } = createTestEngine();
    const subscriber = engine.createSession({ address: "x:1", push: () => undefined });
    engine.execute(["SUBSCRIBE", "c"], subscriber);
    expect(ids(run("CLIENT", "LIST", "TYPE", "pubsub") as never)).toEqual([subscriber.id]);
    expect(ids(run("CLIENT", "LIST", "type", "normal") as never)).toEqual([session.id]);
    expect(ids(run("CLIENT", "LIST", "TYPE", "replica") as never)).toEqual([]);
    expect(
      ids(run("CLIENT", "LIST", "ID", String(subscriber.id), "999", String(session.id)) as never),
    ).toEqual([subscriber.id, session.id]);
  });

  test.for([
    [["CLIENT", "LIST", "TYPE", "foo"], ERR.UNKNOWN_CLIENT_TYPE("foo")],
    [["CLIENT", "LIST", "ID", "abc"], ERR.INVALID_CLIENT_ID],
    [["CLIENT", "LIST", "TYPE", "normal", "ID", "1"], ERR.SYNTAX],
    [["CLIENT", "LIST", "FOO"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
