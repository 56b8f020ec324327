import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * MEMORY MALLOC-STATS: what Redis answers when its allocator is not jemalloc (the engine's is V8's).
 * @see https://redis.io/commands/memory-malloc-stats
 */
export const memoryMallocStats = defineCommand({
  name: "MEMORY|MALLOC-STATS",
  group: "server",
  arity: 2,
  flags: [],
  since: "4.0.0",
  summary: "Returns the allocator statistics.",
  complexity: "Depends on how much memory is allocated, could be slow",
  parse: noArguments,
  run: () => reply.bulk("Stats not supported for the current allocator"),
});
