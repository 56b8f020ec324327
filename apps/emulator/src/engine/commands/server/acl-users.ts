import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * ACL USERS: every username, in byte order.
 * @see https://redis.io/commands/acl-users
 */
export const aclUsers = defineCommand({
  name: "ACL|USERS",
  group: "server",
  arity: 2,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "6.0.0",
  summary: "Lists all ACL users.",
  complexity: "O(N). Where N is the number of configured users.",
  parse: noArguments,
  run: (ctx) => reply.bulks(ctx.server.acl.usernames()),
});
