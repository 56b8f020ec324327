/** Argument reading shared by the JSON.* commands. */
import { ERR, ReplyError } from "../../errors.ts";
import type { Args } from "../args.ts";

/**
 * The next argument, or RedisJSON's wrong-arity error: its commands take any number of arguments
 * (module commands have arity -1) and check them themselves.
 */
export function requiredArg(args: Args, command: string): string {
  if (!args.hasMore()) {
    throw new ReplyError(ERR.WRONG_ARITY(command));
  }
  return args.string();
}
