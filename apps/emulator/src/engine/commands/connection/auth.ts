import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

function parseAuth(args: Args): { username: string | undefined; password: string } {
  if (args.remaining > 2) {
    throw new ReplyError(ERR.SYNTAX);
  }
  const first = args.string();
  return args.hasMore()
    ? { username: first, password: args.string() }
    : { username: undefined, password: first };
}

/**
 * AUTH [username] password: authenticates the connection against the engine's authenticator
 * (`engine/auth.ts`); `AUTH password` means the `default` user.
 * @see https://redis.io/commands/auth
 */
export const auth = defineCommand({
  name: "AUTH",
  group: "connection",
  arity: -2,
  flags: ["noscript", "loading", "stale", "fast", "no_auth", "allow_busy"],
  categories: ["connection"],
  since: "1.0.0",
  summary: "Authenticates the connection.",
  complexity: "O(N) where N is the number of passwords defined for the user",
  parse: parseAuth,
  run: (ctx, { username, password }) => {
    const authenticator = ctx.server.authenticator;
    if (username === undefined && !authenticator.hasDefaultPassword) {
      throw new ReplyError(ERR.AUTH_WITHOUT_PASSWORD);
    }
    const user = username ?? "default";
    if (!authenticator.authenticate(user, password)) {
      throw new ReplyError(ERR.WRONGPASS);
    }
    ctx.session.user = user;
    ctx.session.isAuthenticated = true;
    return reply.ok();
  },
});
