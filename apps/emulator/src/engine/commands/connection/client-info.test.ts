import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT INFO", () => {
  test("the connection's line in Redis 8's field order", ({ expect }) => {
    const { run, session, clock } = createTestEngine();
    run("CLIENT", "SETNAME", "me");
    run("SELECT", "2");
    clock.advance(3000);
    const reply = run("CLIENT", "INFO");
    expect(reply).toEqual(
      r.bulk(
        `id=${session.id} addr=127.0.0.1:50000 laddr= fd=-1 name=me age=3 idle=0 flags=N db=2 sub=0 psub=0 ssub=0 multi=-1 watch=0 qbuf=0 qbuf-free=0 argv-mem=0 multi-mem=0 rbs=0 rbp=0 obl=0 oll=0 omem=0 tot-mem=0 events=r cmd=client|info user=default redir=-1 resp=2 lib-name= lib-ver= io-thread=0 tot-net-in=0 tot-net-out=0 tot-cmds=0\n`,
      ),
    );
  });

  test("flags show subscriptions, MULTI, no-evict and no-touch", ({ expect }) => {
    const { run, session } = createTestEngine();
    run("SUBSCRIBE", "c");
    run("CLIENT", "NO-EVICT", "on");
    run("CLIENT", "NO-TOUCH", "on");
    session.queuedCommands = 2;
    const reply = run("CLIENT", "INFO");
    const line = reply.kind === "bulk" ? reply.value : "";
    expect(line).toContain(" flags=PxeT ");
    expect(line).toContain(" sub=1 ");
    expect(line).toContain(" multi=2 ");
  });
});
