import { defineEvalsha } from "./evalsha.ts";

/**
 * EVALSHA_RO sha1 numkeys [key [key ...]] [arg [arg ...]]
 * EVALSHA for read-only scripts: writes fail, and scripts whose shebang lacks no-writes are refused.
 * @see https://redis.io/commands/evalsha_ro
 */
export const evalshaRo = defineEvalsha({
  name: "EVALSHA_RO",
  isReadOnly: true,
  since: "7.0.0",
  summary: "Executes a read-only server-side Lua script by SHA1 digest.",
});
