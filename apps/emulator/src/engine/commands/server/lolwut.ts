import { REDIS_VERSION } from "../../info.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

/** `VERSION v` must be an integer; the art's own parameters after it are accepted and unused. */
function parseLolwut(args: Args): undefined {
  if (args.peekToken() === "VERSION" && args.remaining >= 2) {
    args.token();
    args.bigInteger();
  }
  args.rest();
  return undefined;
}

/**
 * LOLWUT [VERSION version]: the version line Redis ends its computer art with.
 *
 * Emulator difference: the art itself (versions 5 and 6) is not drawn; every version answers the
 * plain line Redis prints for versions without art.
 * @see https://redis.io/commands/lolwut
 */
export const lolwut = defineCommand({
  name: "LOLWUT",
  group: "server",
  arity: -1,
  flags: ["readonly", "fast"],
  since: "5.0.0",
  summary: "Displays computer art and the Redis version",
  parse: parseLolwut,
  run: () => reply.bulk(`Redis ver. ${REDIS_VERSION}\n`),
});
