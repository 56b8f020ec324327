import { checkPermission } from "../../acl/check.ts";
import { denialMessage } from "../../acl/registry.ts";
import { ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { resolveCommand } from "../dispatch.ts";

/**
 * ACL DRYRUN username command [arg ...]: whether the user could run the command, without running it.
 * @see https://redis.io/commands/acl-dryrun
 */
export const aclDryrun = defineCommand({
  name: "ACL|DRYRUN",
  group: "server",
  arity: -4,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "7.0.0",
  summary: "Simulates the execution of a command by a user, without executing the command.",
  complexity: "O(1).",
  parse: (args) => ({ username: args.string(), argv: args.rest() }),
  run: (ctx, { username, argv }) => {
    const user = ctx.server.acl.user(username);
    if (user === undefined) {
      throw new ReplyError(`ERR User '${username}' not found`);
    }
    const resolution = resolveCommand(ctx.server.commands, argv);
    if (!resolution.ok) {
      if (resolution.error.startsWith("ERR wrong number")) {
        throw new ReplyError(resolution.error);
      }
      throw new ReplyError(`ERR Command '${argv[0] ?? ""}' not found`);
    }
    const denial = checkPermission(user, resolution.command, argv);
    if (denial === undefined) {
      return reply.ok();
    }
    return reply.bulk(
      denialMessage({ username, command: resolution.command, denial, isVerbose: true }),
    );
  },
});
