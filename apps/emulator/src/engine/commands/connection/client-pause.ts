import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT PAUSE timeout [WRITE | ALL]: for `timeout` ms, the connections' commands wait before
 * they run: every command (ALL, the default) or those that write or may write (WRITE). The mode is
 * checked before the timeout, as Redis does. A pause in effect keeps the later end and the
 * stricter mode.
 *
 * REST requests are held too (`kv/memory/memory-backend.ts`). Emulator difference: keys still
 * expire during a pause.
 * @see https://redis.io/commands/client-pause
 */
export const clientPause = defineCommand({
  name: "CLIENT|PAUSE",
  group: "connection",
  arity: -3,
  flags: ["admin", "noscript", "loading", "stale"],
  categories: ["connection"],
  since: "3.0.0",
  summary: "Suspends commands processing.",
  complexity: "O(1)",
  parse: (args) => {
    const timeout = args.string();
    const modeName = args.hasMore() ? asciiUpper(args.string()) : "ALL";
    if (args.hasMore()) {
      throw new ReplyError(ERR.SUBCOMMAND_SYNTAX("pause", "CLIENT"));
    }
    if (modeName !== "WRITE" && modeName !== "ALL") {
      throw new ReplyError(ERR.CLIENT_PAUSE_MODE);
    }
    const timeoutMs = parseIntegerArg(timeout);
    if (timeoutMs === undefined) {
      throw new ReplyError(ERR.TIMEOUT_NOT_INTEGER);
    }
    if (timeoutMs < 0) {
      throw new ReplyError(ERR.TIMEOUT_NEGATIVE);
    }
    return { mode: modeName === "WRITE" ? ("write" as const) : ("all" as const), timeoutMs };
  },
  run: (ctx, { mode, timeoutMs }) => {
    ctx.server.pauses.pause(mode, ctx.now + Number(timeoutMs));
    return reply.ok();
  },
});
