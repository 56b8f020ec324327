import { defineCommand } from "../define.ts";
import { runRead, streamsKeys } from "./_read.ts";

/**
 * XREADGROUP GROUP group consumer [COUNT count] [BLOCK milliseconds] [NOACK] STREAMS key [key ...]
 * id [id ...]: with `>`, entries never delivered to the group, which become pending for the
 * consumer (unless NOACK); with an ID, the consumer's own pending entries after it. BLOCK waits
 * for new entries as XREAD does.
 *
 * Logged as Redis propagates it: an XCLAIM per delivered entry, then XGROUP SETID (and XGROUP
 * CREATECONSUMER for a consumer that nothing else creates); history reads also log XCLAIMs.
 * @see https://redis.io/commands/xreadgroup
 */
export const xreadgroup = defineCommand({
  name: "XREADGROUP",
  group: "stream",
  arity: -7,
  resp3: "streams",
  flags: ["write", "blocking"],
  categories: ["stream"],
  traits: ["optionally-blocking"],
  movableKeys: streamsKeys,
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { keyword: "STREAMS", startFrom: 4 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 2 },
    },
  ],
  since: "5.0.0",
  summary:
    "Returns new or historical messages from a stream for a consumer in a group. Blocks until a message is available otherwise.",
  complexity:
    "For each stream mentioned: O(M) with M being the number of elements returned. If M is constant (e.g. always asking for the first 10 elements with COUNT), you can consider it O(1). On the other side when XREADGROUP blocks, XADD will pay the O(N) time in order to serve the N clients blocked on the stream getting new data.",
  parse: (args) => ({ rest: args.rest() }),
  run: (ctx) => runRead(ctx, true),
});
