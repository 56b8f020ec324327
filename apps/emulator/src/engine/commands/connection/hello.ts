import { asciiUpper } from "../../bytes.ts";
import { validateClientName } from "../../client-list.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { REDIS_VERSION } from "../../info.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

interface HelloOptions {
  readonly protocol: number | undefined;
  readonly credentials: { readonly username: string; readonly password: string } | undefined;
  readonly name: string | undefined;
}

/** `helloCommand`: the version first, then AUTH and SETNAME in any order (names checked here). */
function parseHello(args: Args): HelloOptions {
  if (!args.hasMore()) {
    return { protocol: undefined, credentials: undefined, name: undefined };
  }
  const protocol = parseIntegerArg(args.string());
  if (protocol === undefined) {
    throw new ReplyError(ERR.PROTOCOL_NOT_INTEGER);
  }
  // Emulator difference: RESP3 is not spoken, so HELLO 3 is refused like an unknown version.
  if (protocol !== 2) {
    throw new ReplyError(ERR.NOPROTO);
  }
  let credentials: HelloOptions["credentials"];
  let name: string | undefined;
  while (args.hasMore()) {
    const option = args.string();
    const token = asciiUpper(option);
    if (token === "AUTH" && args.remaining >= 2) {
      credentials = { username: args.string(), password: args.string() };
    } else if (token === "SETNAME" && args.hasMore()) {
      name = validateClientName(args.string());
    } else {
      throw new ReplyError(ERR.HELLO_SYNTAX(option));
    }
  }
  return { protocol, credentials, name };
}

/**
 * HELLO [protover [AUTH username password] [SETNAME clientname]]: switches protocol (2 only),
 * optionally authenticates and names the connection, and describes the server as a map (a flat
 * array in RESP2).
 * @see https://redis.io/commands/hello
 */
export const hello = defineCommand({
  name: "HELLO",
  group: "connection",
  arity: -1,
  resp3: "map",
  flags: ["noscript", "loading", "stale", "fast", "no_auth", "allow_busy"],
  categories: ["connection"],
  since: "6.0.0",
  summary: "Handshakes with the Redis server.",
  complexity: "O(1)",
  parse: parseHello,
  run: (ctx, { protocol, credentials, name }) => {
    const { session } = ctx;
    if (credentials !== undefined) {
      if (!ctx.server.authenticator.authenticate(credentials.username, credentials.password)) {
        throw new ReplyError(ERR.WRONGPASS);
      }
      session.user = credentials.username;
      session.isAuthenticated = true;
    }
    if (!session.isAuthenticated) {
      throw new ReplyError(ERR.HELLO_NOAUTH);
    }
    if (name !== undefined) {
      session.name = name;
    }
    if (protocol !== undefined) {
      session.protocol = protocol;
    }
    return reply.array([
      reply.bulk("server"),
      reply.bulk("redis"),
      reply.bulk("version"),
      reply.bulk(REDIS_VERSION),
      reply.bulk("proto"),
      reply.integer(session.protocol),
      reply.bulk("id"),
      reply.integer(session.id),
      reply.bulk("mode"),
      reply.bulk("standalone"),
      reply.bulk("role"),
      reply.bulk("master"),
      reply.bulk("modules"),
      reply.array([]),
    ]);
  },
});
