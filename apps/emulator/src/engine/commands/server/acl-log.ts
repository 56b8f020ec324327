import { ReplyError } from "../../errors.ts";
import { formatDouble } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

function parseLog(args: Args): { count: number } | { reset: true } {
  if (!args.hasMore()) {
    return { count: 10 };
  }
  if (args.tryToken("RESET")) {
    return { reset: true };
  }
  const count = args.integer();
  if (count < 0) {
    throw new ReplyError("ERR value is out of range, must be positive");
  }
  return { count };
}

/**
 * ACL LOG [count | RESET]: the most recent permission denials (Redis 7.2 entry shape). Emulator
 * difference: failed AUTH attempts are not logged.
 * @see https://redis.io/commands/acl-log
 */
export const aclLog = defineCommand({
  name: "ACL|LOG",
  group: "server",
  arity: -2,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "6.0.0",
  summary: "Lists recent security events generated due to ACL rules.",
  complexity: "O(N) with N being the number of entries shown.",
  parse: parseLog,
  run: (ctx, parsed) => {
    const acl = ctx.server.acl;
    if ("reset" in parsed) {
      acl.resetLog();
      return reply.ok();
    }
    return reply.array(
      acl
        .log()
        .slice(0, parsed.count)
        .map((entry) =>
          reply.array([
            reply.bulk("count"),
            reply.integer(entry.count),
            reply.bulk("reason"),
            reply.bulk(entry.reason),
            reply.bulk("context"),
            reply.bulk(entry.context),
            reply.bulk("object"),
            reply.bulk(entry.object),
            reply.bulk("username"),
            reply.bulk(entry.username),
            reply.bulk("age-seconds"),
            reply.bulk(formatDouble((ctx.now - entry.createdAtMs) / 1000)),
            reply.bulk("client-info"),
            reply.bulk(entry.clientInfo),
            reply.bulk("entry-id"),
            reply.integer(entry.entryId),
            reply.bulk("timestamp-created"),
            reply.integer(entry.createdAtMs),
            reply.bulk("timestamp-last-updated"),
            reply.integer(entry.updatedAtMs),
          ]),
        ),
    );
  },
});
