import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import type { RestorePolicy } from "../../scripting/functions.ts";
import { runLibraryLoad } from "../../scripting/run-script.ts";
import { defineCommand } from "../define.ts";

const POLICIES: readonly RestorePolicy[] = ["FLUSH", "APPEND", "REPLACE"];

/**
 * FUNCTION RESTORE serialized-value [FLUSH | APPEND | REPLACE]: loads the libraries of a FUNCTION
 * DUMP payload (APPEND by default: a library that exists fails the whole restore; REPLACE swaps
 * them; FLUSH drops every current library first).
 * @see https://redis.io/commands/function-restore
 */
export const functionRestore = defineCommand({
  name: "FUNCTION|RESTORE",
  group: "scripting",
  arity: -3,
  flags: ["write", "denyoom", "noscript"],
  categories: ["scripting"],
  since: "7.0.0",
  summary: "Restores all libraries from a payload.",
  complexity: "O(N) where N is the number of functions on the payload",
  parse: (args) => {
    if (args.argv.length > 4) {
      throw new ReplyError(ERR.SUBCOMMAND_SYNTAX(args.argv[1] ?? "", "FUNCTION"));
    }
    const payload = args.string();
    let policy: RestorePolicy = "APPEND";
    if (args.hasMore()) {
      const token = asciiUpper(args.string());
      const known = POLICIES.find((candidate) => candidate === token);
      if (known === undefined) {
        throw new ReplyError(ERR.FUNCTION_RESTORE_POLICY);
      }
      policy = known;
    }
    return { payload, policy };
  },
  run: (ctx, { payload, policy }) => {
    const state = ctx.server.scripting;
    const restored = state.functions.restore(payload, {
      policy,
      runLoad: (load) => runLibraryLoad(state, load),
    });
    if (!restored.ok) {
      throw new ReplyError(ERR.FUNCTION_LOAD_FAILED(restored.error.replace(/^ERR /, "")));
    }
    ctx.server.stats.dirty++;
    ctx.propagate(ctx.argv);
    return reply.ok();
  },
});
