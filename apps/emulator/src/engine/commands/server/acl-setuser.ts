import { AclSetUserError } from "../../acl/registry.ts";
import { ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * ACL SETUSER username [rule ...]: creates or changes a user; all rules apply or none.
 * @see https://redis.io/commands/acl-setuser
 */
export const aclSetuser = defineCommand({
  name: "ACL|SETUSER",
  group: "server",
  arity: -3,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "6.0.0",
  summary: "Creates and modifies an ACL user and its rules.",
  complexity: "O(N). Where N is the number of rules provided.",
  parse: (args) => ({ username: args.string(), rules: args.rest() }),
  run: (ctx, { username, rules }) => {
    try {
      ctx.server.acl.setUser(username, rules);
    } catch (error: unknown) {
      if (error instanceof AclSetUserError) {
        throw new ReplyError(`ERR ${error.message}`);
      }
      throw error;
    }
    return reply.ok();
  },
});
