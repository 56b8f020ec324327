/**
 * The backend suite against both `KvBackend`s: the embedded engine, and the Redis proxy in front of
 * a throwaway redis-server (skipped only on a machine without redis-server, never in CI).
 */
import { COMMAND_TABLE, Engine, ManualClock } from "../../src/engine/index.ts";
import { MemoryBackend } from "../../src/kv/memory/memory-backend.ts";
import { createRedisProxyBackend } from "../../src/kv/redis-proxy/proxy-backend.ts";
import { RedisServer, shouldRunRedisTests } from "../support/redis-server.ts";
import { describeKvBackend } from "./backend-suite.ts";

/** Whether the engine's table has `command` (`NAME` or `NAME|SUB`). */
function engineSupports(command: string): boolean {
  const [name = "", sub] = command.split("|");
  const entry = COMMAND_TABLE.get(name);
  return entry !== undefined && (sub === undefined || entry.subcommands?.has(sub) === true);
}

describeKvBackend({
  name: "memory",
  isSkipped: false,
  supports: engineSupports,
  open: async () => {
    const engine = new Engine({ clock: new ManualClock() });
    const backend = new MemoryBackend(engine);
    return {
      backend,
      close: async () => {
        await backend.close();
        engine.close();
      },
    };
  },
});

describeKvBackend({
  name: "redis-proxy",
  isSkipped: !shouldRunRedisTests(),
  supports: () => true,
  open: async () => {
    const redis = await RedisServer.start();
    const backend = createRedisProxyBackend({ url: redis.url() });
    return {
      backend,
      close: async () => {
        await backend.close();
        await redis.kill();
      },
    };
  },
});
