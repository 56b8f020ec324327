import { describe, test } from "vitest";
import { ERR } from "./errors.ts";
import type { Reply } from "./reply.ts";
import { createTestEngine, r } from "./test-support.ts";
import { TransactionQueue } from "./transaction-queue.ts";

/** A connection's view: every command goes through the queue first, as the RESP connection does. */
function connection(): {
  send: (...argv: string[]) => unknown;
  queue: TransactionQueue;
  other: (...argv: string[]) => unknown;
} & ReturnType<typeof createTestEngine> {
  const test = createTestEngine();
  const queue = new TransactionQueue({ host: test.engine, session: test.session });
  const otherSession = test.engine.createSession({ address: "127.0.0.1:50001" });
  return {
    ...test,
    queue,
    send: (...argv) => queue.handle(argv) ?? test.run(...argv),
    other: (...argv) => test.engine.execute(argv, otherSession),
  };
}

describe("TransactionQueue", () => {
  test("MULTI queues, EXEC runs everything in order", ({ expect }) => {
    const { send, session } = connection();
    expect(send("MULTI")).toEqual(r.ok);
    expect(send("SET", "k", "1")).toEqual(r.simple("QUEUED"));
    expect(send("INCR", "k")).toEqual(r.simple("QUEUED"));
    expect(session.queuedCommands).toBe(2);
    expect(send("EXEC")).toEqual(r.arr(r.ok, r.int(2)));
    expect(session.queuedCommands).toBeUndefined();
    expect(send("GET", "k")).toEqual(r.bulk("2"));
  });

  test("runtime errors stay per command", ({ expect }) => {
    const { send } = connection();
    send("SET", "s", "text");
    send("MULTI");
    send("INCR", "s");
    send("SET", "t", "v");
    expect(send("EXEC")).toEqual(r.arr(r.err(ERR.NOT_INTEGER), r.ok));
  });

  test("an unknown command or a wrong arity aborts the transaction", ({ expect }) => {
    const { send } = connection();
    send("MULTI");
    expect(send("NOPE")).toEqual(r.err(ERR.UNKNOWN_COMMAND("NOPE", [])));
    expect(send("SET", "k", "v")).toEqual(r.simple("QUEUED"));
    expect(send("EXEC")).toEqual(r.err(ERR.EXECABORT));
    expect(send("GET", "k")).toEqual(r.nil);
    send("MULTI");
    expect(send("GET")).toEqual(r.err(ERR.WRONG_ARITY("get")));
    expect(send("EXEC")).toEqual(r.err(ERR.EXECABORT));
  });

  test("no_multi commands are refused and abort", ({ expect }) => {
    const { send } = connection();
    send("MULTI");
    expect(send("SAVE")).toEqual(r.err(ERR.NOT_ALLOWED_IN_MULTI));
    expect(send("SHUTDOWN", "foo")).toEqual(r.err(ERR.NOT_ALLOWED_IN_MULTI));
    expect(send("EXEC")).toEqual(r.err(ERR.EXECABORT));
  });

  test("nested MULTI and WATCH inside MULTI are errors that do not abort", ({ expect }) => {
    const { send } = connection();
    send("MULTI");
    expect(send("MULTI")).toEqual(r.err(ERR.MULTI_NESTED));
    expect(send("WATCH", "k")).toEqual(r.err(ERR.WATCH_IN_MULTI));
    send("SET", "k", "v");
    expect(send("EXEC")).toEqual(r.arr(r.ok));
  });

  test("EXEC and DISCARD without MULTI; arity is checked first", ({ expect }) => {
    const { send } = connection();
    expect(send("EXEC")).toEqual(r.err(ERR.EXEC_WITHOUT_MULTI));
    expect(send("DISCARD")).toEqual(r.err(ERR.DISCARD_WITHOUT_MULTI));
    expect(send("MULTI", "x")).toEqual(r.err(ERR.WRONG_ARITY("multi")));
    // EXEC's own arity error aborts (`rejectCommand` → `execCommandAbort`), in MULTI or not.
    const abort = r.err(ERR.EXECABORT_BECAUSE(ERR.WRONG_ARITY("exec")));
    expect(abort).toEqual(
      r.err(
        "EXECABORT Transaction discarded because of: wrong number of arguments for 'exec' command",
      ),
    );
    expect(send("EXEC", "x")).toEqual(abort);
    send("MULTI");
    send("SET", "k", "v");
    expect(send("EXEC", "x")).toEqual(abort);
    expect(send("EXEC")).toEqual(r.err(ERR.EXEC_WITHOUT_MULTI));
  });

  test("EXEC with arguments drops the WATCHes", ({ expect }) => {
    const { send, session } = connection();
    send("WATCH", "w");
    send("EXEC", "x");
    expect(session.watchedKeys.size).toBe(0);
  });

  test("DISCARD drops the queue and the WATCHes", ({ expect }) => {
    const { send, other, session } = connection();
    send("WATCH", "w");
    send("MULTI");
    send("SET", "k", "v");
    expect(send("DISCARD")).toEqual(r.ok);
    expect(session.watchedKeys.size).toBe(0);
    expect(send("GET", "k")).toEqual(r.nil);
    other("SET", "w", "changed");
    send("MULTI");
    send("SET", "k", "v");
    expect(send("EXEC")).toEqual(r.arr(r.ok));
  });

  test("a WATCHed key changed by another client makes EXEC answer nil", ({ expect }) => {
    const { send, other } = connection();
    send("SET", "w", "1");
    send("WATCH", "w");
    send("MULTI");
    send("SET", "k", "v");
    other("SET", "w", "2");
    expect(send("EXEC")).toEqual(r.nilArray);
    expect(send("GET", "k")).toEqual(r.nil);
  });

  test("EXECABORT also ends the WATCHes", ({ expect }) => {
    const { send, session } = connection();
    send("WATCH", "w");
    send("MULTI");
    send("NOPE");
    send("EXEC");
    expect(session.watchedKeys.size).toBe(0);
  });

  test("QUIT and RESET are not queued; RESET leaves MULTI", ({ expect }) => {
    const { send, queue } = connection();
    send("MULTI");
    expect(queue.handle(["RESET"])).toBeUndefined();
    expect(queue.isActive).toBe(false);
    expect(send("EXEC")).toEqual(r.err(ERR.EXEC_WITHOUT_MULTI));
    send("MULTI");
    expect(queue.handle(["quit"])).toBeUndefined();
    expect(queue.isActive).toBe(true);
  });

  test("commands run inside EXEC do not block", ({ expect }) => {
    const { send } = connection();
    send("MULTI");
    send("WAIT", "1", "0");
    expect(send("EXEC")).toEqual(r.arr(r.int(0)));
  });

  test("EXEC keeps Redis's wire order when a queued command answers more than once", ({
    expect,
  }) => {
    const pushed: Reply[] = [];
    const { engine } = createTestEngine();
    const session = engine.createSession({
      address: "127.0.0.1:50002",
      push: (m) => pushed.push(m),
    });
    const queue = new TransactionQueue({ host: engine, session });
    const send = (...argv: string[]): unknown => queue.handle(argv);
    const confirmation = (kind: string, channel: string, count: number): Reply =>
      r.arr(r.bulk(kind), r.bulk(channel), r.int(count));
    send("MULTI");
    send("SUBSCRIBE", "a", "b");
    send("PSUBSCRIBE", "p*");
    // EXEC's items are the first two messages; the third follows as a push.
    expect(send("EXEC")).toEqual(
      r.arr(confirmation("subscribe", "a", 1), confirmation("subscribe", "b", 2)),
    );
    expect(pushed).toEqual([confirmation("psubscribe", "p*", 3)]);
  });
});
