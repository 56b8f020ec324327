import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * MEMORY DOCTOR: Redis's report for an instance with no memory problems to analyse.
 * @see https://redis.io/commands/memory-doctor
 */
export const memoryDoctor = defineCommand({
  name: "MEMORY|DOCTOR",
  group: "server",
  arity: 2,
  flags: [],
  since: "4.0.0",
  summary: "Outputs a memory problems report.",
  complexity: "O(1)",
  parse: noArguments,
  run: () =>
    reply.bulk(
      "Hi Sam, this instance is empty or is using very little memory, my issues detector can't be used in these conditions. Please, leave for your mission on Earth and fill it with some data. The new Sam and I will be back to our programming as soon as I finished rebooting.",
    ),
});
