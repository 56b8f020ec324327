import { ERR, ReplyError } from "../../errors.ts";
import { parseTimeoutMs, waitForReplicas } from "../../replication.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * WAITAOF numlocal numreplicas timeout: `[local AOF fsyncs, replica AOF fsyncs]` covering this
 * connection's writes. Locally, appendonly yes counts as fsynced (the storage log is written before
 * the reply); there are no replicas, so a request for any waits for the timeout (0: forever).
 * @see https://redis.io/commands/waitaof
 */
export const waitaof = defineCommand({
  name: "WAITAOF",
  group: "generic",
  arity: 4,
  flags: ["blocking"],
  categories: ["connection"],
  since: "7.2.0",
  summary:
    "Blocks until all of the preceding write commands sent by the connection are written to the append-only file of the master and/or replicas.",
  complexity: "O(1)",
  parse: (args) => {
    const local = args.bigInteger();
    if (local < 0 || local > 1) {
      throw new ReplyError(ERR.VALUE_NOT_BETWEEN("0", "1"));
    }
    const replicas = args.bigInteger();
    if (replicas < 0) {
      throw new ReplyError(ERR.NOT_POSITIVE);
    }
    return { local: Number(local), replicas, timeoutMs: parseTimeoutMs(args) };
  },
  run: (ctx, { local, replicas, timeoutMs }) => {
    const isAppendOnly = ctx.server.config.value("appendonly") === "yes";
    if (local > 0 && !isAppendOnly) {
      throw new ReplyError(ERR.WAITAOF_NO_APPENDONLY);
    }
    const acknowledged = reply.array([reply.integer(isAppendOnly ? 1 : 0), reply.integer(0)]);
    return waitForReplicas(ctx, { replicas, timeoutMs, acknowledged });
  },
});
