import { asciiLower } from "../../bytes.ts";
import {
  type ClientType,
  clientTypeOf,
  listedSessions,
  parseClientType,
} from "../../client-list.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import type { Session } from "../../session.ts";
import type { Args } from "../args.ts";
import type { CommandContext } from "../context.ts";
import { defineCommand } from "../define.ts";

interface KillFilter {
  /** The old `CLIENT KILL ip:port` form: answers OK / `No such client` and may kill the caller. */
  readonly isLegacy: boolean;
  readonly address?: string;
  readonly localAddress?: string;
  readonly type?: ClientType;
  readonly id?: number;
  readonly user?: string;
  readonly maxAgeSeconds?: number;
  readonly skipMe: boolean;
}

function parseKill(args: Args): KillFilter {
  if (args.remaining === 1) {
    return { isLegacy: true, address: args.string(), skipMe: false };
  }
  const filter: { -readonly [TKey in keyof KillFilter]: KillFilter[TKey] } = {
    isLegacy: false,
    skipMe: true,
  };
  while (args.hasMore()) {
    const option = args.token();
    if (!args.hasMore()) {
      throw new ReplyError(ERR.SYNTAX);
    }
    const value = args.string();
    switch (option) {
      case "ID": {
        const id = parseIntegerArg(value);
        if (id === undefined || id < 1) {
          throw new ReplyError(ERR.CLIENT_ID_NOT_POSITIVE);
        }
        filter.id = Number(id);
        break;
      }
      case "TYPE":
        filter.type = parseClientType(value);
        if (filter.type === undefined) {
          throw new ReplyError(ERR.UNKNOWN_CLIENT_TYPE(value));
        }
        break;
      case "ADDR":
        filter.address = value;
        break;
      case "LADDR":
        filter.localAddress = value;
        break;
      case "USER":
        filter.user = value;
        break;
      case "SKIPME":
        filter.skipMe = parseYesNo(value);
        break;
      case "MAXAGE": {
        const age = parseIntegerArg(value);
        if (age === undefined) {
          throw new ReplyError(ERR.NOT_INTEGER);
        }
        filter.maxAgeSeconds = Number(age);
        break;
      }
      default:
        throw new ReplyError(ERR.SYNTAX);
    }
  }
  return filter;
}

function parseYesNo(value: string): boolean {
  const answer = asciiLower(value);
  if (answer !== "yes" && answer !== "no") {
    throw new ReplyError(ERR.SYNTAX);
  }
  return answer === "yes";
}

/**
 * CLIENT KILL ip:port | CLIENT KILL [ID id] [TYPE type] [USER user] [ADDR ip:port]
 * [LADDR ip:port] [SKIPME yes|no] [MAXAGE seconds]: marks the matching connections to be closed
 * (`session.isKilled`; each connection closes once it sees it, the caller after this reply).
 * @see https://redis.io/commands/client-kill
 */
export const clientKill = defineCommand({
  name: "CLIENT|KILL",
  group: "connection",
  arity: -3,
  flags: ["admin", "noscript", "loading", "stale"],
  categories: ["connection"],
  since: "2.4.0",
  summary: "Terminates open connections.",
  complexity: "O(N) where N is the number of client connections",
  parse: parseKill,
  run: (ctx, filter) => {
    if (filter.user !== undefined && !ctx.server.authenticator.hasUser(filter.user)) {
      throw new ReplyError(ERR.NO_SUCH_USER(filter.user));
    }
    let killed = 0;
    for (const session of listedSessions(ctx.server.sessions(), ctx.session)) {
      if (session.isStateless || !matches(ctx, { session, filter })) {
        continue;
      }
      session.kill();
      killed++;
    }
    if (!filter.isLegacy) {
      return reply.integer(killed);
    }
    if (killed === 0) {
      throw new ReplyError(ERR.NO_SUCH_CLIENT);
    }
    return reply.ok();
  },
});

function matches(ctx: CommandContext, target: { session: Session; filter: KillFilter }): boolean {
  const { session, filter } = target;
  const ageSeconds = Math.floor((ctx.now - session.createdAtMs) / 1000);
  return !(
    (filter.address !== undefined && session.address !== filter.address) ||
    (filter.localAddress !== undefined && session.localAddress !== filter.localAddress) ||
    (filter.type !== undefined && clientTypeOf(session) !== filter.type) ||
    (filter.id !== undefined && session.id !== filter.id) ||
    (filter.user !== undefined && session.user !== filter.user) ||
    (filter.maxAgeSeconds !== undefined && ageSeconds < filter.maxAgeSeconds) ||
    (filter.skipMe && session === ctx.session)
  );
}
