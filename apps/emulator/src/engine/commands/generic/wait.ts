import { parseTimeoutMs, waitForReplicas } from "../../replication.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * WAIT numreplicas timeout: the number of replicas that acknowledged this connection's writes. A
 * standalone engine has none, so it answers 0 at once when no replica is wanted, and otherwise after
 * the timeout (0 waits forever), as a replica-less Redis does.
 * @see https://redis.io/commands/wait
 */
export const wait = defineCommand({
  name: "WAIT",
  group: "generic",
  arity: 3,
  flags: ["blocking"],
  categories: ["connection"],
  since: "3.0.0",
  summary:
    "Blocks until the asynchronous replication of all preceding write commands sent by the connection is completed.",
  complexity: "O(1)",
  parse: (args) => ({ replicas: args.bigInteger(), timeoutMs: parseTimeoutMs(args) }),
  run: (ctx, { replicas, timeoutMs }) =>
    waitForReplicas(ctx, { replicas, timeoutMs, acknowledged: reply.integer(0) }),
});
