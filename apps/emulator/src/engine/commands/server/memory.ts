import { defineContainer } from "../define.ts";
import { memoryDoctor } from "./memory-doctor.ts";
import { memoryHelp } from "./memory-help.ts";
import { memoryMallocStats } from "./memory-malloc-stats.ts";
import { memoryPurge } from "./memory-purge.ts";
import { memoryStats } from "./memory-stats.ts";
import { memoryUsage } from "./memory-usage.ts";

/**
 * MEMORY <subcommand>: memory diagnostics.
 * @see https://redis.io/commands/memory
 */
export const memory = defineContainer({
  name: "MEMORY",
  group: "server",
  since: "4.0.0",
  summary: "A container for memory diagnostics commands.",
  subcommands: [memoryDoctor, memoryHelp, memoryMallocStats, memoryPurge, memoryStats, memoryUsage],
});
