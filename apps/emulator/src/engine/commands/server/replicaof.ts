import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import { type Command, defineCommand } from "../define.ts";

/**
 * REPLICAOF host port | REPLICAOF NO ONE: `NO ONE` keeps the engine a master (OK); following a master
 * is refused.
 *
 * Emulator difference: the engine cannot replicate from another server.
 * @see https://redis.io/commands/replicaof
 */
export const replicaof = defineReplicaof({
  name: "REPLICAOF",
  since: "5.0.0",
  summary: "Configures a server as replica of another, or promotes it to a master.",
});

/** REPLICAOF and its old name SLAVEOF: one definition, named per command. */
export function defineReplicaof(spec: {
  readonly name: "REPLICAOF" | "SLAVEOF";
  readonly since: string;
  readonly summary: string;
}): Command {
  const { name } = spec;
  return defineCommand({
    name,
    group: "server",
    arity: 3,
    flags: ["admin", "noscript", "stale", "no_async_loading"],
    since: spec.since,
    summary: spec.summary,
    complexity: "O(1)",
    parse: (args) => ({ host: args.string(), port: args.string() }),
    run: (_ctx, { host, port }) => {
      if (asciiUpper(host) === "NO" && asciiUpper(port) === "ONE") {
        return reply.ok();
      }
      const number = parseIntegerArg(port);
      if (number === undefined || number < 0 || number > 65535) {
        throw new ReplyError(ERR.INVALID_MASTER_PORT);
      }
      throw new ReplyError(ERR.REPLICATION_UNSUPPORTED(name));
    },
  });
}
