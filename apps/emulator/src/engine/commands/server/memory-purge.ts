import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * MEMORY PURGE: OK; V8's garbage collector decides when memory is released.
 * @see https://redis.io/commands/memory-purge
 */
export const memoryPurge = defineCommand({
  name: "MEMORY|PURGE",
  group: "server",
  arity: 2,
  flags: [],
  since: "4.0.0",
  summary: "Asks the allocator to release memory.",
  complexity: "Depends on how much memory is allocated, could be slow",
  parse: noArguments,
  run: () => reply.ok(),
});
