import {
  type ClientType,
  clientInfoLine,
  clientTypeOf,
  listedSessions,
  parseClientType,
} from "../../client-list.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

type ListFilter =
  | { readonly by: "all" }
  | { readonly by: "type"; readonly type: ClientType }
  | { readonly by: "id"; readonly ids: readonly number[] };

/** Nothing, `TYPE type` (alone), or `ID id [id …]`, as `clientCommand` accepts them. */
function parseListFilter(args: Args): ListFilter {
  if (!args.hasMore()) {
    return { by: "all" };
  }
  const option = args.token();
  if (option === "TYPE" && args.remaining === 1) {
    const name = args.string();
    const type = parseClientType(name);
    if (type === undefined) {
      throw new ReplyError(ERR.UNKNOWN_CLIENT_TYPE(name));
    }
    return { by: "type", type };
  }
  if (option === "ID" && args.hasMore()) {
    const ids = args.rest().map((text) => {
      const id = parseIntegerArg(text);
      if (id === undefined) {
        throw new ReplyError(ERR.INVALID_CLIENT_ID);
      }
      return Number(id);
    });
    return { by: "id", ids };
  }
  throw new ReplyError(ERR.SYNTAX);
}

/**
 * CLIENT LIST [TYPE NORMAL | MASTER | REPLICA | PUBSUB] [ID client-id [client-id ...]]: one line per
 * connection (see `client-list.ts` for the fields); unknown ids are skipped.
 * @see https://redis.io/commands/client-list
 */
export const clientList = defineCommand({
  name: "CLIENT|LIST",
  group: "connection",
  arity: -2,
  flags: ["admin", "noscript", "loading", "stale"],
  categories: ["connection"],
  since: "2.4.0",
  summary: "Lists open connections.",
  complexity: "O(N) where N is the number of client connections",
  parse: parseListFilter,
  run: (ctx, filter) => {
    const sessions = listedSessions(ctx.server.sessions(), ctx.session);
    let selected = sessions;
    if (filter.by === "type") {
      selected = sessions.filter((session) => clientTypeOf(session) === filter.type);
    } else if (filter.by === "id") {
      const byId = new Map(sessions.map((session) => [session.id, session]));
      selected = filter.ids.flatMap((id) => byId.get(id) ?? []);
    }
    let text = "";
    for (const session of selected) {
      text += `${clientInfoLine(session, ctx.now)}\n`;
    }
    return reply.bulk(text);
  },
});
