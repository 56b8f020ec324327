import { asciiLower } from "../../bytes.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * SCRIPT EXISTS sha1 [sha1 ...]: 1 or 0 per SHA-1 (compared case-insensitively).
 * @see https://redis.io/commands/script-exists
 */
export const scriptExists = defineCommand({
  name: "SCRIPT|EXISTS",
  group: "scripting",
  arity: -3,
  flags: ["noscript"],
  categories: ["scripting"],
  since: "2.6.0",
  summary: "Determines whether server-side Lua scripts exist in the script cache.",
  complexity:
    "O(N) with N being the number of scripts to check (so checking a single script is an O(1) operation).",
  parse: (args) => ({ shas: args.rest() }),
  run: (ctx, { shas }) => {
    const { scripts } = ctx.server.scripting;
    return reply.integers(shas.map((sha) => (scripts.has(asciiLower(sha)) ? 1 : 0)));
  },
});
