/**
 * The service's dialect over RESP too (docs/differences.md), with ioredis on both backends: the
 * proxy applies the same rewrites to a RESP session as to REST requests.
 */
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, test } from "vitest";
import { createEmulator, type Emulator } from "../../src/emulator.ts";
import { RedisServer, shouldRunRedisTests } from "../support/redis-server.ts";

const SCRIPT = "#!lua flags=allow-key-locking\nreturn redis.call('incr', KEYS[1])";
const SHA = createHash("sha1").update(SCRIPT).digest("hex");

for (const backend of ["engine", "redis-proxy"] as const) {
  describe.skipIf(backend === "redis-proxy" && !shouldRunRedisTests())(`RESP (${backend})`, () => {
    let redisServer: RedisServer | undefined;
    let emulator: Emulator | undefined;
    let client: Redis | undefined;
    beforeAll(async () => {
      redisServer = backend === "redis-proxy" ? await RedisServer.start() : undefined;
      emulator = await createEmulator({
        port: 0,
        respPort: 0,
        ...(redisServer === undefined ? {} : { redisUrl: redisServer.url() }),
      });
      client = new Redis(emulator.redisUrl ?? "", { maxRetriesPerRequest: 0 });
    });
    afterAll(async () => {
      client?.disconnect();
      await emulator?.close();
      await redisServer?.kill();
    });
    const redis = (): Redis => {
      if (client === undefined) {
        throw new Error("not started");
      }
      return client;
    };

    test("allow-key-locking scripts: SCRIPT LOAD's SHA, EVALSHA, SCRIPT EXISTS", async ({
      expect,
    }) => {
      expect(await redis().script("LOAD", SCRIPT)).toBe(SHA);
      expect(await redis().evalsha(SHA, 1, "resp:n")).toBe(1);
      expect(await redis().script("EXISTS", SHA)).toEqual([1]);
      expect(await redis().eval(SCRIPT, 1, "resp:n")).toBe(2);
    });

    test("SCAN WITHTYPE, and COPY key key in and out of MULTI", async ({ expect }) => {
      await redis().set("resp:s", "v");
      await redis().sadd("resp:set", "m");
      const [cursor, flat] = (await redis().call(
        "SCAN",
        "0",
        "MATCH",
        "resp:s*",
        "COUNT",
        "100",
        "WITHTYPE",
      )) as [string, string[]];
      expect(cursor).toBe("0");
      const pairs = [];
      for (let i = 0; i < flat.length; i += 2) {
        pairs.push([flat[i], flat[i + 1]]);
      }
      expect(pairs.sort()).toEqual([
        ["resp:s", "string"],
        ["resp:set", "set"],
      ]);
      expect(await redis().copy("resp:s", "resp:s")).toBe(0);
      const results = await redis().multi().copy("resp:s", "resp:copy").get("resp:copy").exec();
      expect(results).toEqual([
        [null, 1],
        [null, "v"],
      ]);
    });
  });
}
