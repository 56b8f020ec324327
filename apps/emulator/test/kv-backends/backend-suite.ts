/**
 * One suite, two backends (STYLE.md §7.1): everything REST and RESP rely on from a `KvBackend`,
 * run against the embedded engine and against a real Redis through the proxy. Both must answer
 * with the same values, byte for byte, and the same error texts.
 *
 * The embedded engine's command table is still growing, so each test names the commands it needs
 * and is skipped (visibly) on a backend that lacks one; the proxy supports them all.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import { afterAll, afterEach, beforeAll, describe, test } from "vitest";
import { bytesToBinary } from "../../src/kv/argv.ts";
import type { Argv, KvBackend, KvCaller, KvSession, MonitorLine } from "../../src/kv/backend.ts";

export interface BackendFixture {
  readonly backend: KvBackend;
  close(): Promise<void>;
}

export interface BackendTarget {
  readonly name: string;
  /** Skips the whole suite (the proxy on a machine without redis-server, outside CI). */
  readonly isSkipped: boolean;
  /** Whether the backend runs `command`; subcommands as `PUBSUB|NUMSUB`. */
  supports(command: string): boolean;
  open(): Promise<BackendFixture>;
}

const encoder = new TextEncoder();

export function bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Text parts as UTF-8, byte parts as they are, in `Argv`'s binary strings. */
export function command(...parts: (string | Uint8Array)[]): Argv {
  return parts.map((part) => bytesToBinary(typeof part === "string" ? bytes(part) : part));
}

export function bulk(value: string | Uint8Array): Resp2Value {
  return { kind: "bulk", value: typeof value === "string" ? bytes(value) : value };
}

export const OK: Resp2Value = { kind: "simple", value: "OK" };
export const NULL: Resp2Value = { kind: "null" };
export const REST_CALLER: KvCaller = { isReadOnly: false, address: "0.0.0.0:0" };

/**
 * Plain data for `toEqual`, which tells a `Buffer` from a `Uint8Array`: byte strings become arrays
 * of byte values and bigints numbers, at any depth (replies, events, monitor lines).
 */
export function plain(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    return [...value];
  }
  if (typeof value === "bigint") {
    return Number(value);
  }
  if (Array.isArray(value)) {
    return value.map((item: unknown) => plain(item));
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  }
  return value;
}

let keyCounter = 0;
const RUN = Math.random().toString(36).slice(2, 8);

/** A key no other test uses (the proxy's Redis is shared by the whole file). */
export function uniqueKey(name: string): string {
  keyCounter++;
  return `test:${RUN}:${name}:${keyCounter}`;
}

const UNKNOWN_COMMAND = "ERR unknown command 'NOSUCHCMD', with args beginning with: 'x' ";
const GET_ARITY = "ERR wrong number of arguments for 'get' command";
const NOT_AN_INTEGER = "ERR value is not an integer or out of range";

/** Every byte value, to check that bulk strings are binary-safe. */
const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, index) => index);

/** A session whose pushes can be awaited. */
interface OpenedSession {
  readonly session: KvSession;
  readonly pushes: Resp2Value[];
  nextPush(): Promise<Resp2Value>;
}

export function describeKvBackend(target: BackendTarget): void {
  describe.skipIf(target.isSkipped)(`KvBackend: ${target.name}`, () => {
    let fixture: BackendFixture | undefined;
    const sessions: KvSession[] = [];

    beforeAll(async () => {
      fixture = await target.open();
    }, 30_000);
    afterAll(async () => {
      await fixture?.close();
    });
    afterEach(() => {
      for (const session of sessions.splice(0)) {
        session.close();
      }
    });

    function backend(): KvBackend {
      if (fixture === undefined) {
        throw new Error("the backend did not open");
      }
      return fixture.backend;
    }

    /** `test`, skipped when the backend lacks one of `commands`. */
    function needs(...commands: string[]) {
      return test.skipIf(!commands.every((name) => target.supports(name)));
    }

    function openSession(address: string): OpenedSession {
      const pushes: Resp2Value[] = [];
      const waiters: ((value: Resp2Value) => void)[] = [];
      let delivered = 0;
      const session = backend().openSession({
        caller: { isReadOnly: false, address },
        onPush: (value) => {
          pushes.push(value);
          const waiter = waiters.shift();
          if (waiter !== undefined) {
            delivered++;
            waiter(value);
          }
        },
      });
      sessions.push(session);
      return {
        session,
        pushes,
        nextPush: () => {
          const ready = pushes[delivered];
          if (ready !== undefined) {
            delivered++;
            return Promise.resolve(ready);
          }
          return new Promise((resolve) => waiters.push(resolve));
        },
      };
    }

    /** PUBSUB NUMSUB's count for `channel`, polled (bounded) until it is `expected`. */
    async function settleSubscribers(channel: string, expected: number): Promise<number> {
      let count = -1;
      for (let attempt = 0; attempt < 200 && count !== expected; attempt++) {
        const reply = await backend().execute(command("PUBSUB", "NUMSUB", channel), REST_CALLER);
        const item = reply.kind === "array" ? reply.items[1] : undefined;
        count = item?.kind === "integer" ? Number(item.value) : -1;
      }
      return count;
    }

    describe("execute", () => {
      needs("SET", "GET")("SET then GET round-trips every byte value", async ({ expect }) => {
        const key = uniqueKey("bytes");
        // Given a value holding every byte
        expect(await backend().execute(command("SET", key, ALL_BYTES), REST_CALLER)).toEqual(OK);
        // Then GET gives the same bytes back, and a missing key the null bulk string
        const reply = await backend().execute(command("GET", key), REST_CALLER);
        expect(plain(reply)).toEqual(plain(bulk(ALL_BYTES)));
        expect(await backend().execute(command("GET", uniqueKey("missing")), REST_CALLER)).toEqual(
          NULL,
        );
      });

      needs("PING")("PING answers PONG", async ({ expect }) => {
        expect(await backend().execute(command("PING"), REST_CALLER)).toEqual({
          kind: "simple",
          value: "PONG",
        });
      });

      needs("GET")("Redis errors are replies with Redis's texts", async ({ expect }) => {
        expect(await backend().execute(command("NOSUCHCMD", "x"), REST_CALLER)).toEqual({
          kind: "error",
          message: UNKNOWN_COMMAND,
        });
        expect(await backend().execute(command("GET"), REST_CALLER)).toEqual({
          kind: "error",
          message: GET_ARITY,
        });
      });
    });

    describe("pipeline", () => {
      needs("SET", "GET")(
        "one reply per command, in order, errors included",
        async ({ expect }) => {
          const key = uniqueKey("pipeline");
          const replies = await backend().pipeline(
            [
              command("SET", key, "1"),
              command("GET", key),
              command("NOSUCHCMD", "x"),
              command("GET"),
            ],
            REST_CALLER,
          );
          expect(plain(replies)).toEqual(
            plain([
              OK,
              bulk("1"),
              { kind: "error", message: UNKNOWN_COMMAND },
              { kind: "error", message: GET_ARITY },
            ]),
          );
        },
      );
    });

    describe("transaction", () => {
      needs("SET", "GET")("runs every command and returns their replies", async ({ expect }) => {
        const key = uniqueKey("tx");
        const result = await backend().transaction(
          [command("SET", key, "v"), command("GET", key)],
          REST_CALLER,
        );
        expect(result.status).toBe("executed");
        expect(result.status === "executed" ? plain(result.replies) : result).toEqual(
          plain([OK, bulk("v")]),
        );
      });

      needs("SET", "GET").for([
        ["an unknown command", command("NOSUCHCMD", "x"), UNKNOWN_COMMAND],
        ["a wrong number of arguments", command("GET"), GET_ARITY],
      ] as const)(
        "is discarded with the first queue error: %s",
        async ([, bad, error], { expect }) => {
          const key = uniqueKey("discarded");
          // Given a transaction whose second command cannot be queued
          const result = await backend().transaction(
            [command("SET", key, "v"), bad, command("NOSUCHCMD", "y")],
            REST_CALLER,
          );
          // Then nothing ran, and the error is the first refusal's
          expect(result).toEqual({ status: "discarded", error });
          expect(await backend().execute(command("GET", key), REST_CALLER)).toEqual(NULL);
        },
      );

      needs("SET", "GET")("runtime errors stay per command", async ({ expect }) => {
        const key = uniqueKey("runtime");
        const result = await backend().transaction(
          [command("SET", key, "v"), command("SET", key, "w", "EX", "soon"), command("GET", key)],
          REST_CALLER,
        );
        expect(result.status === "executed" ? plain(result.replies) : result).toEqual(
          plain([OK, { kind: "error", message: NOT_AN_INTEGER }, bulk("v")]),
        );
      });
    });

    describe("subscribe", () => {
      needs("PUBLISH")("confirms first, then delivers messages", async ({ expect }) => {
        const channel = uniqueKey("channel");
        const abort = new AbortController();
        const events = backend()
          .subscribe({ kind: "channel", name: bytes(channel), signal: abort.signal })
          [Symbol.asyncIterator]();
        try {
          // Given a confirmed subscription
          expect(plain(await events.next())).toEqual(
            plain({ done: false, value: { kind: "subscribe", name: bytes(channel), count: 1 } }),
          );
          // When a message is published
          const receivers = await backend().execute(
            command("PUBLISH", channel, "hello, world"),
            REST_CALLER,
          );
          // Then it reaches the subscriber
          expect(plain(receivers)).toEqual(plain({ kind: "integer", value: 1n }));
          expect(plain((await events.next()).value)).toEqual(
            plain({ kind: "message", channel: bytes(channel), message: bytes("hello, world") }),
          );
        } finally {
          abort.abort();
        }
      });

      needs("PUBLISH")("psubscribe delivers pmessage events", async ({ expect }) => {
        const prefix = uniqueKey("pattern");
        const abort = new AbortController();
        const events = backend()
          .subscribe({ kind: "pattern", name: bytes(`${prefix}:*`), signal: abort.signal })
          [Symbol.asyncIterator]();
        try {
          expect(plain((await events.next()).value)).toEqual(
            plain({ kind: "psubscribe", name: bytes(`${prefix}:*`), count: 1 }),
          );
          await backend().execute(command("PUBLISH", `${prefix}:a`, "x"), REST_CALLER);
          expect(plain((await events.next()).value)).toEqual(
            plain({
              kind: "pmessage",
              pattern: bytes(`${prefix}:*`),
              channel: bytes(`${prefix}:a`),
              message: bytes("x"),
            }),
          );
        } finally {
          abort.abort();
        }
      });

      needs("PUBLISH", "PUBSUB|NUMSUB")(
        "aborting ends the stream and unsubscribes",
        async ({ expect }) => {
          const channel = uniqueKey("abort");
          const abort = new AbortController();
          const events = backend()
            .subscribe({ kind: "channel", name: bytes(channel), signal: abort.signal })
            [Symbol.asyncIterator]();
          expect((await events.next()).value?.kind).toBe("subscribe");
          expect(await settleSubscribers(channel, 1)).toBe(1);
          // When the consumer goes away
          abort.abort();
          // Then the stream ends and Redis forgets the subscriber
          expect(await events.next()).toEqual({ done: true, value: undefined });
          expect(await settleSubscribers(channel, 0)).toBe(0);
        },
      );
    });

    describe("monitor", () => {
      needs("SET")(
        "shows each command with its database, client and exact bytes",
        async ({ expect }) => {
          const key = uniqueKey("monitored");
          const value = Uint8Array.from([
            0x61, 0x20, 0x22, 0x5c, 0x0a, 0x00, 0xff, 0xe2, 0x82, 0xac,
          ]);
          const abort = new AbortController();
          const lines = backend().monitor({ signal: abort.signal })[Symbol.asyncIterator]();
          try {
            // When a command runs after monitor() returned
            await backend().execute(command("SET", key, value), REST_CALLER);
            // Then its line shows up (after any earlier traffic)
            let line: MonitorLine | undefined;
            for (let read = 0; read < 50 && line === undefined; read++) {
              const next = await lines.next();
              const candidate = next.done === true ? undefined : next.value;
              if (
                candidate !== undefined &&
                Buffer.from(candidate.argv[1] ?? []).equals(bytes(key))
              ) {
                line = candidate;
              }
            }
            expect(plain({ ...line, timestampMicros: 0 })).toEqual(
              plain({
                timestampMicros: 0,
                db: 0,
                address: REST_CALLER.address,
                argv: [bytes("SET"), bytes(key), value],
              }),
            );
            expect(Number.isSafeInteger(line?.timestampMicros)).toBe(true);
          } finally {
            abort.abort();
          }
          expect(await lines.next()).toEqual({ done: true, value: undefined });
        },
      );
    });

    describe("sessions", () => {
      needs(
        "SELECT",
        "SET",
        "GET",
      )("SELECT is per session", async ({ expect }) => {
        const key = uniqueKey("selected");
        const first = openSession("127.0.0.1:50001");
        const second = openSession("127.0.0.1:50002");
        // Given one session on database 1 and one on database 0
        expect(await first.session.execute(command("SELECT", "1"))).toEqual(OK);
        expect(await first.session.execute(command("SET", key, "one"))).toEqual(OK);
        // Then each sees its own database, and REST stays on database 0
        expect(plain(await first.session.execute(command("GET", key)))).toEqual(plain(bulk("one")));
        expect(await second.session.execute(command("GET", key))).toEqual(NULL);
        expect(await backend().execute(command("GET", key), REST_CALLER)).toEqual(NULL);
        expect(await second.session.execute(command("SELECT", "1"))).toEqual(OK);
        expect(plain(await second.session.execute(command("GET", key)))).toEqual(
          plain(bulk("one")),
        );
      });

      needs(
        "MULTI",
        "EXEC",
        "SET",
        "GET",
      )("MULTI queues until EXEC", async ({ expect }) => {
        const key = uniqueKey("multi");
        const writer = openSession("127.0.0.1:50003");
        const reader = openSession("127.0.0.1:50004");
        expect(await writer.session.execute(command("MULTI"))).toEqual(OK);
        expect(await writer.session.execute(command("SET", key, "v"))).toEqual({
          kind: "simple",
          value: "QUEUED",
        });
        // Queued, not run
        expect(await reader.session.execute(command("GET", key))).toEqual(NULL);
        expect(plain(await writer.session.execute(command("EXEC")))).toEqual(
          plain({
            kind: "array",
            items: [OK],
          }),
        );
        expect(plain(await reader.session.execute(command("GET", key)))).toEqual(plain(bulk("v")));
      });

      needs("BLPOP", "LPUSH")("BLPOP is woken by another client's LPUSH", async ({ expect }) => {
        const key = uniqueKey("list");
        const waiter = openSession("127.0.0.1:50005");
        const pusher = openSession("127.0.0.1:50006");
        // Given a client blocked on an empty list
        const popped = waiter.session.execute(command("BLPOP", key, "30"));
        if (target.supports("INFO")) {
          await waitForBlockedClient(backend());
        }
        // When another client pushes
        expect(plain(await pusher.session.execute(command("LPUSH", key, "v")))).toEqual(
          plain({ kind: "integer", value: 1n }),
        );
        // Then the blocked client gets the element
        expect(plain(await popped)).toEqual(
          plain({ kind: "array", items: [bulk(key), bulk("v")] }),
        );
      });

      needs("SUBSCRIBE", "PUBLISH")(
        "pub/sub messages are pushed in wire order",
        async ({ expect }) => {
          const first = uniqueKey("push-a");
          const second = uniqueKey("push-b");
          const subscriber = openSession("127.0.0.1:50007");
          // Given a session subscribed to two channels: the first confirmation answers, the second is pushed
          const reply = await subscriber.session.execute(command("SUBSCRIBE", first, second));
          expect(plain(reply)).toEqual(
            plain({
              kind: "array",
              items: [bulk("subscribe"), bulk(first), { kind: "integer", value: 1n }],
            }),
          );
          expect(plain(await subscriber.nextPush())).toEqual(
            plain({
              kind: "array",
              items: [bulk("subscribe"), bulk(second), { kind: "integer", value: 2n }],
            }),
          );
          // When another client publishes
          await backend().execute(command("PUBLISH", second, "hi"), REST_CALLER);
          // Then the message is pushed
          expect(plain(await subscriber.nextPush())).toEqual(
            plain({ kind: "array", items: [bulk("message"), bulk(second), bulk("hi")] }),
          );
        },
      );
    });
  });
}

/** Waits (bounded) until Redis reports a blocked client, so the push really wakes it. */
async function waitForBlockedClient(backend: KvBackend): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const reply = await backend.execute(command("INFO", "clients"), REST_CALLER);
    const text = reply.kind === "bulk" ? Buffer.from(reply.value).toString("latin1") : "";
    if (/blocked_clients:[1-9]/.test(text)) {
      return;
    }
  }
}
