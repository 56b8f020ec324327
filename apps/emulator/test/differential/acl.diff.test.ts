/**
 * ACL users against a real redis-server. Deliberate differences are normalised away: Redis 7.2+
 * (which the engine follows) prints `sanitize-payload` where 7.0 does not, words NOPERM texts
 * differently, and the engine also has the `default_ro` user (kv-rest-wire.md §4).
 */
import type { Resp2Value } from "@stratus/core/resp2";
import { afterAll, beforeAll, describe, test } from "vitest";
import { canRunDifferential, show, startTargets, type Targets } from "./harness.ts";

function normalise(value: Resp2Value): unknown {
  const strip = (shown: unknown): unknown => {
    if (Array.isArray(shown)) {
      return shown
        .filter((item) => item !== "sanitize-payload" && item !== "default_ro")
        .filter((item) => !(typeof item === "string" && item.startsWith("user default_ro ")))
        .map(strip);
    }
    if (typeof shown === "string") {
      // Errors: NOPERM texts differ between 7.0 and 7.2+, keep the code word only.
      return shown.startsWith("-NOPERM") ? "-NOPERM" : shown.replace(" sanitize-payload", "");
    }
    return shown;
  };
  return strip(show(value));
}

describe.skipIf(!canRunDifferential)("ACL against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  async function both(...argv: string[]): Promise<{ stratus: unknown; redis: unknown }> {
    const [stratus, redis] = await Promise.all([
      targets.stratus.call(...argv),
      targets.redis.call(...argv),
    ]);
    return { stratus: normalise(stratus), redis: normalise(redis) };
  }

  const scripts: Record<string, string[][]> = {
    "SETUSER, GETUSER, LIST, USERS, DELUSER": [
      ["ACL", "DELUSER", "d1", "d2"],
      ["ACL", "SETUSER", "d1", "on", "nopass", "~k*", "%R~r*", "&ch*", "+@string"],
      ["ACL", "SETUSER", "d2", "off", ">secret", "allkeys", "allchannels", "+get"],
      ["ACL", "GETUSER", "d1"],
      ["ACL", "GETUSER", "d2"],
      ["ACL", "GETUSER", "nobody"],
      ["ACL", "LIST"],
      ["ACL", "USERS"],
      ["ACL", "SETUSER", "d2", "reset"],
      ["ACL", "LIST"],
      ["ACL", "DELUSER", "d1", "d2", "nobody"],
      ["ACL", "DELUSER", "default"],
      ["ACL", "USERS"],
    ],
    "SETUSER errors": [
      ["ACL", "SETUSER", "e1", "badrule"],
      ["ACL", "SETUSER", "e1", "+nosuch"],
      ["ACL", "SETUSER", "e1", "+@nosuch"],
      ["ACL", "SETUSER", "e1", "%X~a"],
      ["ACL", "SETUSER", "e1", "#abc"],
      ["ACL", "SETUSER", "e1", "<nope"],
      ["ACL", "SETUSER", "e1", "~*", "~x"],
      ["ACL", "GETUSER", "e1"],
    ],
    CAT: [
      ["ACL", "CAT"],
      ["ACL", "CAT", "nosuch"],
    ],
    "NOPERM after AUTH": [
      ["ACL", "DELUSER", "n1"],
      ["ACL", "SETUSER", "n1", "on", ">pw", "~k*", "&c*", "+get", "+set", "+publish"],
      ["AUTH", "n1", "wrong"],
      ["AUTH", "n1", "pw"],
      ["SET", "k1", "v"],
      ["GET", "k1"],
      ["DEL", "k1"],
      ["GET", "other"],
      ["PUBLISH", "other", "m"],
      ["PUBLISH", "c1", "m"],
      // `default` has nopass: any password switches back.
      ["AUTH", "default", "x"],
      ["DEL", "k1"],
      ["ACL", "DELUSER", "n1"],
    ],
  };

  for (const [name, steps] of Object.entries(scripts)) {
    test(name, async ({ expect }) => {
      for (const argv of steps) {
        const { stratus, redis } = await both(...argv);
        expect({ argv, reply: stratus }).toEqual({ argv, reply: redis });
      }
    });
  }
});
