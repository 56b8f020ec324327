import { idleSeconds } from "../../access-time.ts";
import { asciiUpper } from "../../bytes.ts";
import { DUMP_CODECS } from "../../dump/index.ts";
import { dumpLimits, dumpValue } from "../../dump-format.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { helpReply } from "../../help.ts";
import { encodingOf, refcountOf } from "../../object-info.ts";
import { type Reply, reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import type { CommandContext } from "../context.ts";
import { defineCommand } from "../define.ts";

type DebugRequest =
  | { readonly sub: "HELP" }
  | { readonly sub: "SLEEP"; readonly seconds: number }
  | { readonly sub: "OBJECT"; readonly key: string }
  | { readonly sub: "SET-ACTIVE-EXPIRE"; readonly isEnabled: boolean }
  | { readonly sub: "CHANGE-REPL-ID" }
  | { readonly sub: "ERROR"; readonly message: string }
  | { readonly sub: "LOG" }
  | {
      readonly sub: "POPULATE";
      readonly count: number;
      readonly prefix: string;
      readonly size: number;
    };

/** DEBUG subcommands Redis has that the engine refuses (crashes, reloads, allocator internals, …). */
const REFUSED = new Set([
  "AOF-FLUSH-SLEEP",
  "ASSERT",
  "CLIENT-EVICTION",
  "CLUSTERLINK",
  "CONFIG-REWRITE-FORCE-ALL",
  "CRASH-AND-RECOVER",
  "DIGEST",
  "DIGEST-VALUE",
  "DROP-CLUSTER-PACKET-FILTER",
  "HTSTATS",
  "HTSTATS-KEY",
  "LEAK",
  "LISTPACK",
  "LOADAOF",
  "MALLCTL",
  "MALLCTL-STR",
  "OOM",
  "PANIC",
  "PAUSE-CRON",
  "PROTOCOL",
  "QUICKLIST",
  "QUICKLIST-PACKED-THRESHOLD",
  "RELOAD",
  "REPLICATE",
  "REPLYBUFFER",
  "RESTART",
  "SDSLEN",
  "SEGFAULT",
  "SET-SKIP-CHECKSUM-VALIDATION",
  "STRINGMATCH-TEST",
  "STRUCTSIZE",
]);

function parseDebug(args: Args): DebugRequest {
  const name = args.string();
  const sub = asciiUpper(name);
  const exactly = (count: number): void => {
    if (args.remaining !== count) {
      throw new ReplyError(ERR.DEBUG_UNKNOWN_SUBCOMMAND(name));
    }
  };
  switch (sub) {
    case "HELP":
      exactly(0);
      return { sub };
    case "SLEEP":
      exactly(1);
      return { sub, seconds: args.float() };
    case "OBJECT":
      exactly(1);
      return { sub, key: args.key() };
    case "SET-ACTIVE-EXPIRE":
      exactly(1);
      return { sub, isEnabled: args.integer() !== 0 };
    case "CHANGE-REPL-ID":
      exactly(0);
      return { sub };
    case "ERROR":
      exactly(1);
      return { sub, message: args.string() };
    case "LOG":
      exactly(1);
      args.string();
      return { sub };
    case "POPULATE":
      return parsePopulate(args, name);
    default:
      throw new ReplyError(
        REFUSED.has(sub) ? ERR.DEBUG_UNSUPPORTED(sub) : ERR.DEBUG_UNKNOWN_SUBCOMMAND(name),
      );
  }
}

function parsePopulate(args: Args, name: string): DebugRequest {
  if (args.remaining < 1 || args.remaining > 3) {
    throw new ReplyError(ERR.DEBUG_UNKNOWN_SUBCOMMAND(name));
  }
  const count = args.integer();
  const prefix = args.hasMore() ? args.string() : "key";
  const size = args.hasMore() ? args.integer() : 0;
  if (count < 0 || size < 0) {
    throw new ReplyError(ERR.NOT_POSITIVE);
  }
  return { sub: "POPULATE", count, prefix, size };
}

/**
 * DEBUG subcommand [argument ...]: the cheap, harmless subset of Redis's debugging commands (SLEEP 0,
 * OBJECT, SET-ACTIVE-EXPIRE 1, CHANGE-REPL-ID, ERROR, LOG, POPULATE); the others are refused.
 * Unlike Redis, DEBUG is enabled (`enable-debug-command`) since the engine is a test double.
 * @see https://redis.io/docs/latest/commands/debug/
 */
export const debug = defineCommand({
  name: "DEBUG",
  group: "server",
  arity: -2,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "1.0.0",
  summary: "A container for debugging commands.",
  complexity: "Depends on subcommand.",
  parse: parseDebug,
  run: (ctx, request) => runDebug(ctx, request),
});

function runDebug(ctx: CommandContext, request: DebugRequest): Reply {
  switch (request.sub) {
    case "HELP":
      return debugHelp();
    case "SLEEP":
      // Emulator difference: sleeping would block the whole process (and every test), so only 0.
      if (request.seconds !== 0) {
        throw new ReplyError(ERR.DEBUG_UNSUPPORTED("SLEEP with a non-zero duration"));
      }
      return reply.ok();
    case "OBJECT":
      return debugObject(ctx, request.key);
    case "SET-ACTIVE-EXPIRE":
      // Emulator difference: the engine's expiry sweep cannot be switched off.
      if (!request.isEnabled) {
        throw new ReplyError(ERR.DEBUG_UNSUPPORTED("SET-ACTIVE-EXPIRE 0"));
      }
      return reply.ok();
    case "CHANGE-REPL-ID":
      ctx.server.identity.replicationId = randomHex(ctx);
      return reply.ok();
    case "ERROR":
      return reply.error(request.message);
    case "LOG":
      return reply.ok();
    case "POPULATE":
      populate(ctx, request);
      return reply.ok();
    default:
      return request satisfies never;
  }
}

/** `DEBUG OBJECT`: Redis's one-line summary of a value (the address is not meaningful here). */
function debugObject(ctx: CommandContext, key: string): Reply {
  const value = ctx.db.peek(key);
  if (value === undefined) {
    throw new ReplyError(ERR.NO_SUCH_KEY);
  }
  // serializedlength is the RDB body's length: the payload minus its type byte and 10-byte footer.
  const payload = dumpValue(value, { codecs: DUMP_CODECS, limits: dumpLimits(ctx.server.config) });
  const serializedLength = payload === undefined ? 0 : payload.length - 11;
  const lru = ctx.db.accessStamp(key) ?? 0;
  return reply.simple(
    `Value at:0x0 refcount:${refcountOf(value, ctx.server.config)} encoding:${encodingOf(value)} serializedlength:${serializedLength} lru:${lru} lru_seconds_idle:${idleSeconds(lru, ctx.now)}`,
  );
}

/** `DEBUG POPULATE`: string keys `<prefix>:<n>` holding `value:<n>` (zero-padded to `size`). */
function populate(
  ctx: CommandContext,
  request: { readonly count: number; readonly prefix: string; readonly size: number },
): void {
  for (let n = 0; n < request.count; n++) {
    const key = `${request.prefix}:${n}`;
    if (ctx.db.has(key)) {
      continue;
    }
    const text = `value:${n}`;
    const value =
      request.size === 0
        ? text
        : text.slice(0, request.size) + "\0".repeat(Math.max(0, request.size - text.length));
    ctx.db.set(key, value);
    ctx.modified(key, "set", "$");
  }
}

function randomHex(ctx: CommandContext): string {
  let text = "";
  while (text.length < 40) {
    text += Math.floor(ctx.server.random() * 16).toString(16);
  }
  return text;
}

function debugHelp(): Reply {
  return helpReply("DEBUG", [
    "CHANGE-REPL-ID",
    "    Change the replication IDs of the instance.",
    "    Dangerous: should be used only for testing the replication subsystem.",
    "ERROR <string>",
    "    Return a Redis protocol error with <string> as message. Useful for clients",
    "    unit tests to simulate Redis errors.",
    "LOG <message>",
    "    Write <message> to the server log.",
    "OBJECT <key>",
    "    Show low level info about `key` and associated value.",
    "POPULATE <count> [<prefix>] [<size>]",
    "    Create <count> string keys named key:<num>. If <prefix> is specified then",
    "    it is used instead of the 'key' prefix. These are not propagated to",
    "    replicas. Cluster slots are not respected so keys not belonging to the",
    "    current node can be created in cluster mode.",
    "SET-ACTIVE-EXPIRE <0|1>",
    "    Setting it to 0 disables expiring keys in background when they are not",
    "    accessed (otherwise the Redis behavior). Setting it to 1 reenables back the",
    "    default.",
    "SLEEP <seconds>",
    "    Stop the server for <seconds>. Decimals allowed.",
  ]);
}
