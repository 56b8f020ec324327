import { ERR, ReplyError } from "../../errors.ts";
import { estimateMemoryUsage, usageOptions } from "../../memory-size.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

const DEFAULT_SAMPLES = 5;

function parseUsage(args: Args): { key: string; samples: number } {
  const key = args.key();
  let samples = DEFAULT_SAMPLES;
  while (args.hasMore()) {
    if (args.token() !== "SAMPLES" || !args.hasMore()) {
      throw new ReplyError(ERR.SYNTAX);
    }
    const value = args.bigInteger();
    if (value < 0) {
      throw new ReplyError(ERR.SYNTAX);
    }
    // 0 samples every element.
    samples = Number(value);
  }
  return { key, samples };
}

/**
 * MEMORY USAGE key [SAMPLES count]: the bytes of the key and its value, or nil, computed as Redis
 * 7.0's `objectComputeSize` computes them for each encoding (see `memory-size.ts`).
 * @see https://redis.io/commands/memory-usage
 */
export const memoryUsage = defineCommand({
  name: "MEMORY|USAGE",
  group: "server",
  arity: -3,
  flags: ["readonly"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 2 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "4.0.0",
  summary: "Estimates the memory usage of a key.",
  complexity: "O(N) where N is the number of samples.",
  parse: parseUsage,
  run: (ctx, { key, samples }) => {
    const value = ctx.db.peek(key);
    return value === undefined
      ? reply.null()
      : reply.integer(estimateMemoryUsage(key, value, usageOptions(ctx.server.config, samples)));
  },
});
