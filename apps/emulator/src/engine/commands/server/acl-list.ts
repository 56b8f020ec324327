import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * ACL LIST: every user as a config-file line, e.g. `user default on nopass sanitize-payload ~* &* +@all`.
 * @see https://redis.io/commands/acl-list
 */
export const aclList = defineCommand({
  name: "ACL|LIST",
  group: "server",
  arity: 2,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "6.0.0",
  summary: "Dumps the effective rules in ACL file format.",
  complexity: "O(N). Where N is the number of configured users.",
  parse: noArguments,
  run: (ctx) => {
    const acl = ctx.server.acl;
    return reply.bulks(acl.usernames().map((name) => acl.user(name)?.describe() ?? ""));
  },
});
