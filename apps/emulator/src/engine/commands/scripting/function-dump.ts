import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * FUNCTION DUMP: every library in Redis's payload format (the RDB function records, the RDB version
 * and a CRC64), for FUNCTION RESTORE here or on a real server.
 * @see https://redis.io/commands/function-dump
 */
export const functionDump = defineCommand({
  name: "FUNCTION|DUMP",
  group: "scripting",
  arity: 2,
  flags: ["noscript"],
  categories: ["scripting"],
  since: "7.0.0",
  summary: "Dumps all libraries into a serialized binary payload.",
  complexity: "O(N) where N is the number of functions",
  parse: noArguments,
  run: (ctx) => reply.bulk(ctx.server.scripting.functions.dump()),
});
