import { defineCommand } from "../define.ts";
import { runRead, streamsKeys } from "./_read.ts";

/**
 * XREAD [COUNT count] [BLOCK milliseconds] STREAMS key [key ...] id [id ...]: the entries after
 * each ID (`$`: the stream's last ID when the command started; `+`: its last entry), waiting up to
 * BLOCK ms (0: forever) for one when there is none.
 * @see https://redis.io/commands/xread
 */
export const xread = defineCommand({
  name: "XREAD",
  group: "stream",
  arity: -4,
  resp3: "streams",
  flags: ["readonly", "blocking"],
  categories: ["stream"],
  traits: ["optionally-blocking"],
  movableKeys: streamsKeys,
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { keyword: "STREAMS", startFrom: 1 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 2 },
    },
  ],
  since: "5.0.0",
  summary:
    "Returns messages from multiple streams with IDs greater than the ones requested. Blocks until a message is available otherwise.",
  complexity:
    "For each stream mentioned: O(N) with N being the number of elements being returned, it means that XREAD-ing with a fixed COUNT is O(1). Note that when the BLOCK option is used, XADD will pay O(M) time in order to serve the M clients blocked on the stream getting new data.",
  parse: (args) => ({ rest: args.rest() }),
  run: (ctx) => runRead(ctx, false),
});
