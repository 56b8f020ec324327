import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * ACL WHOAMI: the user the connection is authenticated as (on REST, the token's user).
 * @see https://redis.io/commands/acl-whoami
 */
export const aclWhoami = defineCommand({
  name: "ACL|WHOAMI",
  group: "server",
  arity: 2,
  flags: ["noscript", "loading", "stale"],
  since: "6.0.0",
  summary: "Returns the authenticated username of the current connection.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => reply.bulk(ctx.server.acl.userOf(ctx.session)),
});
