import { randomBytes } from "node:crypto";
import { ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

const MAX_BITS = 4096;

/**
 * ACL GENPASS [bits]: a random password of `bits` bits (default 256) as hex. Uses the system's
 * secure random source, not the engine's seeded one: these are secrets.
 * @see https://redis.io/commands/acl-genpass
 */
export const aclGenpass = defineCommand({
  name: "ACL|GENPASS",
  group: "server",
  arity: -2,
  flags: ["noscript", "loading", "stale"],
  since: "6.0.0",
  summary: "Generates a pseudorandom, secure password that can be used to identify ACL users.",
  complexity: "O(N)",
  parse: (args) => ({ bits: args.hasMore() ? args.integer() : 256 }),
  run: (_ctx, { bits }) => {
    if (bits <= 0 || bits > MAX_BITS) {
      throw new ReplyError(
        `ERR ACL GENPASS argument must be the number of bits for the output password, a positive number up to ${MAX_BITS}`,
      );
    }
    const chars = Math.ceil(bits / 4);
    return reply.bulk(
      randomBytes(Math.ceil(chars / 2))
        .toString("hex")
        .slice(0, chars),
    );
  },
});
