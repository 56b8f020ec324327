import { estimateMemoryUsage, usageOptions } from "../../memory-size.ts";
import { formatDouble } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/** How many keys per database are sampled to estimate the dataset size. */
const SAMPLE_KEYS = 1000;

/**
 * MEMORY STATS: a map (flat array in RESP2) of memory figures in Redis's field names. Totals come
 * from the process (the engine shares it); the dataset size is extrapolated from sampled keys.
 * @see https://redis.io/commands/memory-stats
 */
export const memoryStats = defineCommand({
  name: "MEMORY|STATS",
  group: "server",
  arity: 2,
  flags: [],
  resp3: "memory-stats",
  since: "4.0.0",
  summary: "Returns details about memory usage.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => {
    const usage = process.memoryUsage();
    const total = usage.heapUsed + usage.external;
    let keys = 0;
    let dataset = 0;
    const perDatabase: Reply[] = [];
    const options = usageOptions(ctx.server.config, 5);
    for (const db of ctx.server.databases) {
      if (db.size === 0) {
        continue;
      }
      keys += db.size;
      let sampled = 0;
      let bytes = 0;
      for (const key of db.rawKeys()) {
        const value = db.get(key);
        if (value !== undefined) {
          bytes += estimateMemoryUsage(key, value, options);
          if (++sampled >= SAMPLE_KEYS) {
            break;
          }
        }
      }
      dataset += sampled === 0 ? 0 : Math.round((bytes / sampled) * db.size);
      perDatabase.push(
        reply.bulk(`db.${db.index}`),
        reply.array([
          reply.bulk("overhead.hashtable.main"),
          reply.integer(db.size * 24),
          reply.bulk("overhead.hashtable.expires"),
          reply.integer(db.expiresCount * 24),
        ]),
      );
    }
    const overhead = Math.max(0, total - dataset);
    return reply.array([
      reply.bulk("peak.allocated"),
      reply.integer(total),
      reply.bulk("total.allocated"),
      reply.integer(total),
      reply.bulk("startup.allocated"),
      reply.integer(0),
      reply.bulk("replication.backlog"),
      reply.integer(0),
      reply.bulk("clients.slaves"),
      reply.integer(0),
      reply.bulk("clients.normal"),
      reply.integer(0),
      reply.bulk("cluster.links"),
      reply.integer(0),
      reply.bulk("aof.buffer"),
      reply.integer(0),
      reply.bulk("lua.caches"),
      reply.integer(0),
      reply.bulk("functions.caches"),
      reply.integer(0),
      reply.bulk("overhead.total"),
      reply.integer(overhead),
      ...perDatabase,
      reply.bulk("keys.count"),
      reply.integer(keys),
      reply.bulk("keys.bytes-per-key"),
      reply.integer(keys === 0 ? 0 : Math.floor(total / keys)),
      reply.bulk("dataset.bytes"),
      reply.integer(dataset),
      reply.bulk("dataset.percentage"),
      reply.bulk(formatDouble(total === 0 ? 0 : (dataset / total) * 100)),
      reply.bulk("peak.percentage"),
      reply.bulk(formatDouble(100)),
      reply.bulk("fragmentation"),
      reply.bulk(formatDouble(usage.rss / Math.max(1, total))),
      reply.bulk("fragmentation.bytes"),
      reply.integer(Math.max(0, usage.rss - total)),
    ]);
  },
});
