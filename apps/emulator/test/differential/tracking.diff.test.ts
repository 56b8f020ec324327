/**
 * Client-side caching against redis-server 7.0: what tracking connections (RESP3, and RESP2 with a
 * redirect to a subscribed connection) receive while other connections write, and CLIENT
 * TRACKING's replies and errors. Each step runs on one named `SentinelConnection`, so invalidation
 * messages are attributed to steps. Client ids differ between the servers: `$name` in an argument is that
 * connection's id, and an id in a reply is shown as `$name`.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import { canRunDifferential, startTargets, type Targets } from "./harness.ts";
import { SentinelConnection } from "./sentinel-connection.ts";

/** A sentinel connection that knows its client id, so ids in replies can be shown by name. */
interface Connection {
  readonly connection: SentinelConnection;
  readonly id: number;
}

async function openConnection(port: number, protocol: 2 | 3): Promise<Connection> {
  const connection = await SentinelConnection.open(port, protocol);
  const [id] = await connection.run(["CLIENT", "ID"]);
  return { connection, id: Number(id) };
}

/** A connection name and its protocol: `t3`/`r3` speak RESP3, the others RESP2. */
type Name = "t3" | "t2" | "r2" | "r3" | "w";
const PROTOCOLS: Record<Name, 2 | 3> = { t3: 3, t2: 2, r2: 2, r3: 3, w: 2 };

type TrackingStep =
  | { readonly on: Name; readonly argv: readonly string[] }
  | { readonly close: Name };

/** Replaces client ids in a shown reply by their connection's name. */
function withNames(shown: unknown, ids: ReadonlyMap<number, string>): unknown {
  if (Array.isArray(shown)) {
    return shown.map((item) => withNames(item, ids));
  }
  if (typeof shown === "object" && shown !== null) {
    return Object.fromEntries(
      Object.entries(shown).map(([key, inner]) => [key, withNames(inner, ids)]),
    );
  }
  return typeof shown === "number" && ids.has(shown) ? ids.get(shown) : shown;
}

async function runSide(port: number, steps: readonly TrackingStep[]): Promise<unknown[]> {
  const connections = new Map<Name, Connection>();
  for (const [name, protocol] of Object.entries(PROTOCOLS)) {
    connections.set(name as Name, await openConnection(port, protocol));
  }
  const ids = new Map([...connections].map(([name, connection]) => [connection.id, `$${name}`]));
  const outputs: unknown[] = [];
  try {
    for (const step of steps) {
      if ("close" in step) {
        await connections.get(step.close)?.connection.close();
        connections.delete(step.close);
        // The server has dropped it once another connection's round trip sees it gone.
        await connections.get("w")?.connection.run(["CLIENT", "LIST"]);
        outputs.push(null);
        continue;
      }
      const argv = step.argv.map((arg) =>
        arg.startsWith("$") ? String(connections.get(arg.slice(1) as Name)?.id ?? 999_999) : arg,
      );
      const connection = connections.get(step.on);
      if (connection === undefined) {
        throw new Error(`${step.on} is closed`);
      }
      outputs.push(withNames(await connection.connection.run(argv), ids));
    }
  } finally {
    await Promise.all([...connections.values()].map(({ connection }) => connection.close()));
  }
  return outputs;
}

describe.skipIf(!canRunDifferential)("client-side caching against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  const on =
    (name: Name) =>
    (...argv: string[]): TrackingStep => ({ on: name, argv });
  const [t3, t2, r2, r3, w] = (["t3", "t2", "r2", "r3", "w"] as const).map(on) as [
    ReturnType<typeof on>,
    ReturnType<typeof on>,
    ReturnType<typeof on>,
    ReturnType<typeof on>,
    ReturnType<typeof on>,
  ];

  const scripts: Record<string, TrackingStep[]> = {
    "RESP3 default mode: one invalidation per key read, FLUSHALL's null": [
      t3("CLIENT", "TRACKING", "on"),
      t3("CLIENT", "GETREDIR"),
      t3("CLIENT", "TRACKINGINFO"),
      t3("GET", "a"),
      t3("MGET", "b", "c"),
      t3("HGET", "h", "f"),
      w("SET", "a", "1"),
      t3(),
      w("MSET", "b", "1", "c", "2", "a", "3"),
      t3(),
      w("HSET", "h", "f", "v"),
      w("DEL", "h"),
      t3(),
      t3("GET", "a"),
      w("EVAL", "redis.call('INCR', KEYS[1])", "1", "a"),
      t3(),
      t3("GET", "a"),
      w(
        "FUNCTION",
        "LOAD",
        "#!lua name=lib\nredis.register_function('up', function(k) redis.call('SET', k[1], 'f') return 'done' end)",
      ),
      w("FCALL", "up", "1", "a"),
      t3(),
      w("FUNCTION", "DELETE", "lib"),
      t3("GET", "a"),
      w("FLUSHALL"),
      t3(),
      w("SET", "a", "after-flush"),
      t3(),
      t3("GET", "self"),
      t3("SET", "self", "1"),
      t3("GET", "self"),
      t3("DEL", "self"),
      t3("CLIENT", "TRACKING", "off"),
      t3("CLIENT", "TRACKINGINFO"),
    ],
    "OPTIN, OPTOUT and NOLOOP": [
      t3("CLIENT", "TRACKING", "on", "OPTIN", "NOLOOP"),
      t3("GET", "x"),
      t3("CLIENT", "CACHING", "yes"),
      t3("CLIENT", "TRACKINGINFO"),
      t3("GET", "y"),
      t3("GET", "z"),
      w("MSET", "x", "1", "y", "1", "z", "1"),
      t3(),
      t3("CLIENT", "CACHING", "yes"),
      t3("GET", "y"),
      t3("SET", "y", "mine"),
      w("SET", "y", "theirs"),
      t3(),
      t3("CLIENT", "TRACKING", "on", "OPTOUT"),
      t3("CLIENT", "TRACKING", "off"),
      t3("CLIENT", "TRACKING", "on", "OPTOUT"),
      t3("CLIENT", "CACHING", "no"),
      t3("GET", "q"),
      t3("GET", "r"),
      w("MSET", "q", "1", "r", "1"),
      t3(),
      t3("CLIENT", "TRACKING", "off"),
    ],
    "BCAST with prefixes": [
      t3("CLIENT", "TRACKING", "on", "BCAST", "PREFIX", "user:", "PREFIX", "obj:", "NOLOOP"),
      t3("CLIENT", "TRACKINGINFO"),
      w("MSET", "user:2", "a", "user:1", "b", "other", "c"),
      t3(),
      w("SET", "obj:1", "x"),
      t3(),
      t3("SET", "user:9", "mine"),
      w("SET", "unrelated", "x"),
      t3(),
      t3("CLIENT", "TRACKING", "on", "BCAST", "PREFIX", "us"),
      t3("CLIENT", "TRACKING", "on", "BCAST", "PREFIX", "new:"),
      t3("CLIENT", "TRACKINGINFO"),
      t3("CLIENT", "TRACKING", "on"),
      t3("CLIENT", "TRACKING", "off"),
      t3("CLIENT", "TRACKING", "on", "BCAST"),
      w("SET", "anything", "1"),
      t3(),
      t3("CLIENT", "TRACKING", "off"),
    ],
    "RESP2 redirect to a subscribed connection, then broken": [
      r2("SUBSCRIBE", "__redis__:invalidate"),
      t2("CLIENT", "TRACKING", "on", "REDIRECT", "$r2"),
      t2("CLIENT", "GETREDIR"),
      t2("GET", "k"),
      w("SET", "k", "1"),
      r2(),
      t2("GET", "k"),
      w("FLUSHDB"),
      r2(),
      t2("CLIENT", "TRACKINGINFO"),
      { close: "r2" },
      t2("GET", "k"),
      w("SET", "k", "2"),
      t2("CLIENT", "TRACKINGINFO"),
      t2("CLIENT", "TRACKING", "off"),
    ],
    "RESP3 redirect, then tracking-redir-broken": [
      t3("CLIENT", "TRACKING", "on", "REDIRECT", "$r3"),
      t3("GET", "k"),
      w("SET", "k", "1"),
      r3(),
      t3(),
      t3("GET", "k"),
      { close: "r3" },
      w("SET", "k", "2"),
      t3(),
      t3("CLIENT", "TRACKINGINFO"),
      t3("CLIENT", "TRACKING", "off"),
    ],
    "errors, in Redis's order": [
      t3("CLIENT", "TRACKING", "maybe"),
      t3("CLIENT", "TRACKING", "on", "FOO"),
      t3("CLIENT", "TRACKING", "on", "REDIRECT", "abc"),
      t3("CLIENT", "TRACKING", "on", "REDIRECT", "999999"),
      t3("CLIENT", "TRACKING", "on", "REDIRECT", "$w", "REDIRECT", "$w"),
      t3("CLIENT", "TRACKING", "on", "PREFIX", "a"),
      t3("CLIENT", "TRACKING", "on", "BCAST", "PREFIX", "a", "PREFIX", "ab"),
      t3("CLIENT", "TRACKING", "on", "BCAST", "OPTIN"),
      t3("CLIENT", "TRACKING", "on", "OPTIN", "OPTOUT"),
      t3("CLIENT", "CACHING", "yes"),
      t3("CLIENT", "TRACKING", "on", "OPTIN"),
      t3("CLIENT", "CACHING", "no"),
      t3("CLIENT", "CACHING", "maybe"),
      t3("CLIENT", "TRACKING", "off"),
      t2("CLIENT", "TRACKING", "on"),
      t2("GET", "k"),
      w("SET", "k", "1"),
      t2(),
      t2("CLIENT", "TRACKING", "off"),
    ],
  };

  test.for(Object.keys(scripts))("%s", async (name, { expect }) => {
    const steps = scripts[name] ?? [];
    const [stratus, redis] = [
      await runSide(targets.ports.stratus, steps),
      await runSide(targets.ports.redis, steps),
    ];
    await Promise.all([targets.stratus.call("FLUSHALL"), targets.redis.call("FLUSHALL")]);
    const shown = steps.map((step, index) => ({
      step: "close" in step ? `close ${step.close}` : `${step.on}: ${step.argv.join(" ")}`,
      reply: stratus[index],
    }));
    expect(shown).toEqual(
      steps.map((step, index) => ({
        step: "close" in step ? `close ${step.close}` : `${step.on}: ${step.argv.join(" ")}`,
        reply: redis[index],
      })),
    );
  });
});
