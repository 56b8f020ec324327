import { asciiLower } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { runLibraryLoad } from "../../scripting/run-script.ts";
import { defineCommand } from "../define.ts";

/**
 * FUNCTION LOAD [REPLACE] function-code: runs a library (`#!lua name=<library>` first) so it
 * registers its functions; the library name. Logged as itself, so the log replays it.
 * @see https://redis.io/commands/function-load
 */
export const functionLoad = defineCommand({
  name: "FUNCTION|LOAD",
  group: "scripting",
  arity: -3,
  flags: ["write", "denyoom", "noscript"],
  categories: ["scripting"],
  since: "7.0.0",
  summary: "Creates a library.",
  complexity: "O(1) (considering compilation time is redundant)",
  parse: (args) => {
    // Every argument before the last is an option (functionLoadCommand).
    const values = args.rest();
    let replace = false;
    for (const option of values.slice(0, -1)) {
      if (asciiLower(option) !== "replace") {
        throw new ReplyError(ERR.FUNCTION_LOAD_OPTION(option));
      }
      replace = true;
    }
    const code = values.at(-1);
    if (code === undefined) {
      throw new ReplyError(ERR.FUNCTION_CODE_MISSING);
    }
    return { replace, code };
  },
  run: (ctx, { replace, code }) => {
    const state = ctx.server.scripting;
    const loaded = state.functions.load(code, {
      replace,
      runLoad: (load) => runLibraryLoad(state, load),
    });
    if (!loaded.ok) {
      throw new ReplyError(ERR.FUNCTION_LOAD_FAILED(loaded.error.replace(/^ERR /, "")));
    }
    ctx.server.stats.dirty++;
    ctx.propagate(ctx.argv);
    return reply.bulk(loaded.value);
  },
});
