import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * ACL GETUSER username: the user's flags, password hashes, command rules, key and channel patterns
 * and selectors, as a flat map (RESP2); null for an unknown user.
 * @see https://redis.io/commands/acl-getuser
 */
export const aclGetuser = defineCommand({
  name: "ACL|GETUSER",
  group: "server",
  arity: 3,
  flags: ["admin", "noscript", "loading", "stale"],
  resp3: "acl-user",
  since: "6.0.0",
  summary: "Lists the ACL rules of a user.",
  complexity:
    "O(N). Where N is the number of password, command and pattern rules that the user has.",
  parse: (args) => ({ username: args.string() }),
  run: (ctx, { username }) => {
    const user = ctx.server.acl.user(username);
    if (user === undefined) {
      return reply.null();
    }
    return reply.array([
      reply.bulk("flags"),
      reply.bulks(user.flags()),
      reply.bulk("passwords"),
      reply.bulks(user.passwords),
      reply.bulk("commands"),
      reply.bulk(user.describeCommands()),
      reply.bulk("keys"),
      reply.bulk(user.describeKeys()),
      reply.bulk("channels"),
      reply.bulk(user.describeChannels()),
      // Emulator difference: selectors (`(...)` rules) are not supported, so always empty.
      reply.bulk("selectors"),
      reply.array([]),
    ]);
  },
});
