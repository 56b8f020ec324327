import { ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * ACL DELUSER username [username ...]: deletes users; the number deleted.
 * @see https://redis.io/commands/acl-deluser
 */
export const aclDeluser = defineCommand({
  name: "ACL|DELUSER",
  group: "server",
  arity: -3,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "6.0.0",
  summary: "Deletes ACL users, and terminates their connections.",
  complexity: "O(1) amortized time considering the typical user.",
  parse: (args) => ({ usernames: args.rest() }),
  run: (ctx, { usernames }) => {
    if (usernames.includes("default")) {
      throw new ReplyError("ERR The 'default' user cannot be removed");
    }
    const acl = ctx.server.acl;
    // Emulator difference: connections of a deleted user stay open; their commands are refused.
    return reply.integer(usernames.filter((name) => acl.deleteUser(name)).length);
  },
});
