import { DUMP_CODECS } from "../../dump/index.ts";
import { dumpLimits, restoreValue } from "../../dump-format.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

interface RestoreOptions {
  readonly key: string;
  readonly ttl: string;
  readonly payload: string;
  readonly replace: boolean;
  readonly isAbsoluteTtl: boolean;
}

/**
 * The options as `restoreCommand` reads them: IDLETIME and FREQ exclude each other (the second one is
 * a syntax error) and are range-checked here, before the key or the TTL are looked at.
 */
function parseRestore(args: Args): RestoreOptions {
  const key = args.key();
  const ttl = args.string();
  const payload = args.string();
  let replace = false;
  let isAbsoluteTtl = false;
  let idleTime: number | bigint | undefined;
  let frequency: number | bigint | undefined;
  while (args.hasMore()) {
    const token = args.token();
    if (token === "REPLACE") {
      replace = true;
    } else if (token === "ABSTTL") {
      isAbsoluteTtl = true;
    } else if (token === "IDLETIME" && args.hasMore() && frequency === undefined) {
      idleTime = args.bigInteger();
      if (idleTime < 0) {
        throw new ReplyError(ERR.INVALID_IDLETIME);
      }
    } else if (token === "FREQ" && args.hasMore() && idleTime === undefined) {
      frequency = args.bigInteger();
      if (frequency < 0 || frequency > 255) {
        throw new ReplyError(ERR.INVALID_FREQ);
      }
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return { key, ttl, payload, replace, isAbsoluteTtl };
}

/**
 * RESTORE key ttl serialized-value [REPLACE] [ABSTTL] [IDLETIME seconds] [FREQ frequency]: creates
 * the key from a DUMP payload, with a TTL in ms (0 for none; a Unix time in ms with ABSTTL).
 * IDLETIME and FREQ are validated but have no effect: the engine does not track access times.
 * @see https://redis.io/commands/restore
 */
export const restore = defineCommand({
  name: "RESTORE",
  group: "generic",
  arity: -4,
  flags: ["write", "denyoom"],
  categories: ["keyspace", "dangerous"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["OW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.6.0",
  summary: "Creates a key from the serialized representation of a value.",
  complexity:
    "O(1) to create the new key and additional O(N*M) to reconstruct the serialized value, where N is the number of Redis objects composing the value and M their average size. For small string values the time complexity is thus O(1)+O(1*M) where M is small, so simply O(1). However for sorted set values the complexity is O(N*M*log(N)) because inserting values into sorted sets is O(log(N)).",
  parse: parseRestore,
  run: (ctx, options) => {
    const { key, replace } = options;
    if (!replace && ctx.db.has(key)) {
      throw new ReplyError(ERR.BUSYKEY);
    }
    const ttl = parseIntegerArg(options.ttl);
    if (ttl === undefined) {
      throw new ReplyError(ERR.NOT_INTEGER);
    }
    if (ttl < 0) {
      throw new ReplyError(ERR.INVALID_TTL);
    }
    const restored = restoreValue(options.payload, {
      codecs: DUMP_CODECS,
      limits: dumpLimits(ctx.server.config),
    });
    if (!restored.ok) {
      throw new ReplyError(restored.reason === "checksum" ? ERR.DUMP_PAYLOAD : ERR.BAD_DATA_FORMAT);
    }
    const deleted = replace && ctx.db.delete(key);
    const expiresAt = ttl === 0 ? undefined : Number(ttl) + (options.isAbsoluteTtl ? 0 : ctx.now);
    if (expiresAt !== undefined && expiresAt <= ctx.now) {
      // Already expired: the key is not created, but a replaced key is gone.
      if (deleted) {
        ctx.modified(key, "del", "g");
        ctx.propagate(["DEL", key]);
      }
      return reply.ok();
    }
    ctx.db.set(key, restored.value);
    if (expiresAt !== undefined) {
      ctx.db.setExpiresAt(key, expiresAt);
    }
    ctx.modified(key, "restore", "g");
    // Log an absolute TTL so replay does not extend it (Redis rewrites to ABSTTL too).
    ctx.propagate([
      "RESTORE",
      key,
      String(expiresAt ?? 0),
      options.payload,
      ...(replace ? ["REPLACE"] : []),
      ...(expiresAt === undefined ? [] : ["ABSTTL"]),
    ]);
    return reply.ok();
  },
});
