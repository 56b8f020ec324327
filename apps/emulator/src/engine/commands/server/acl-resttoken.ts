import { ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * ACL RESTTOKEN username password: a fresh REST token acting as that user (a service command,
 * kv-rest-wire.md §4). The REST layer learns of it through `AclRegistry.onRestToken`.
 * @see https://upstash.com/docs/redis/features/restapi#acl-rest-token
 */
export const aclResttoken = defineCommand({
  name: "ACL|RESTTOKEN",
  group: "server",
  arity: 4,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "6.0.0",
  summary: "Generates a REST token for an ACL user.",
  complexity: "O(1)",
  parse: (args) => ({ username: args.string(), password: args.string() }),
  run: (ctx, { username, password }) => {
    const token = ctx.server.acl.issueRestToken(username, password);
    if (token === undefined) {
      // Service wording (kv-rest-wire.md §9).
      throw new ReplyError(`ERR Wrong password or user "${username}" does not exist`);
    }
    return reply.bulk(token);
  },
});
