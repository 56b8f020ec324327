/**
 * What the proxy refuses on its shared connections, whatever the engine's command table knows.
 *
 * `kv/policy.ts` already refuses these for REST, but only for commands in the embedded engine's
 * table; the proxy also reaches Redis commands the engine lacks. One of them on a pooled connection
 * would change it for every later request (SELECT, CLIENT REPLY OFF), take it over (SUBSCRIBE,
 * MONITOR, PSYNC), break a transaction's framing (EXEC, DISCARD), or stall the pipeline behind it
 * (BLPOP). The texts are `kv/policy.ts`'s, so both refuse with the same words.
 */
import { asciiUpper } from "../argv.ts";
import type { Argv } from "../backend.ts";
import type { RestRefusal } from "../command-info.ts";
import { REST_REFUSAL_REASONS } from "../policy.ts";

/** The engine has no replication commands, so the table and the policy have no such reason. */
type Reason = RestRefusal | "replication";

const REASONS: Readonly<Record<Reason, string>> = {
  ...REST_REFUSAL_REASONS,
  replication: "replication commands",
};

/** Commands that change or take over the connection they run on. */
const CONNECTION_STATE: ReadonlyMap<string, Reason> = new Map<string, Reason>([
  ["AUTH", "connection"],
  ["HELLO", "connection"],
  ["SELECT", "connection"],
  ["RESET", "connection"],
  ["QUIT", "connection"],
  ["MULTI", "transaction"],
  ["EXEC", "transaction"],
  ["DISCARD", "transaction"],
  ["WATCH", "transaction"],
  ["UNWATCH", "transaction"],
  ["SUBSCRIBE", "stream"],
  ["PSUBSCRIBE", "stream"],
  ["SSUBSCRIBE", "stream"],
  ["UNSUBSCRIBE", "stream"],
  ["PUNSUBSCRIBE", "stream"],
  ["SUNSUBSCRIBE", "stream"],
  ["MONITOR", "stream"],
  ["READONLY", "cluster"],
  ["READWRITE", "cluster"],
  ["ASKING", "cluster"],
  ["SYNC", "replication"],
  ["PSYNC", "replication"],
  ["REPLCONF", "replication"],
]);

/** CLIENT subcommands that change the connection (the rest only read or act on others). */
const CLIENT_STATE_SUBCOMMANDS = new Set([
  "REPLY",
  "TRACKING",
  "CACHING",
  "SETNAME",
  "SETINFO",
  "NO-EVICT",
  "NO-TOUCH",
]);

/** Commands that may wait for another client; inside MULTI they never do. */
const BLOCKING = new Set([
  "BLPOP",
  "BRPOP",
  "BRPOPLPUSH",
  "BLMOVE",
  "BLMPOP",
  "BZPOPMIN",
  "BZPOPMAX",
  "BZMPOP",
  "WAIT",
  "WAITAOF",
]);

/** Emulator wording, shared with `kv/policy.ts`. */
function refusal(name: string, reason: Reason): string {
  return `ERR Command is not available over REST: '${name.toLowerCase()}' (${REASONS[reason]})`;
}

/**
 * The service's Redis Search (`SEARCH.*`) lives in the embedded engine: Redis has no such commands,
 * so the proxy answers this instead of Redis's unknown-command error. Emulator wording.
 */
export function embeddedOnlyRefusal(name: string): string | undefined {
  return name.startsWith("SEARCH.")
    ? `ERR ${name} needs the embedded engine: Redis Search (SEARCH.*) is not available when the emulator proxies to a Redis server (--redis-url)`
    : undefined;
}

/**
 * The error reply for a command the proxy will not run on a shared connection, or undefined.
 * `isInTransaction`: the command is queued in MULTI, where blocking commands do not block.
 */
export function statelessRefusal(argv: Argv, isInTransaction: boolean): string | undefined {
  const name = asciiUpper(argv[0] ?? "");
  const embeddedOnly = embeddedOnlyRefusal(name);
  if (embeddedOnly !== undefined) {
    return embeddedOnly;
  }
  const reason = CONNECTION_STATE.get(name);
  if (reason !== undefined) {
    return refusal(name, reason);
  }
  if (name === "CLIENT" && CLIENT_STATE_SUBCOMMANDS.has(asciiUpper(argv[1] ?? ""))) {
    return refusal(name, "connection");
  }
  if (!isInTransaction && isBlocking(name, argv)) {
    return refusal(name, "blocking");
  }
  return undefined;
}

function isBlocking(name: string, argv: Argv): boolean {
  if (BLOCKING.has(name)) {
    return true;
  }
  if (name !== "XREAD" && name !== "XREADGROUP") {
    return false;
  }
  // Options precede STREAMS; only a BLOCK among them makes XREAD wait (kv-rest-wire.md §13.1).
  for (const arg of argv.slice(1)) {
    const token = asciiUpper(arg);
    if (token === "STREAMS") {
      return false;
    }
    if (token === "BLOCK") {
      return true;
    }
  }
  return false;
}
