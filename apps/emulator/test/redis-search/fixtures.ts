/**
 * An emulator for the search tests: REST for `@upstash/redis` (Standard and read-only tokens) and
 * a RESP listener for ioredis, all on 127.0.0.1 port 0, closed by disposing it.
 */
import { Redis } from "@upstash/redis";
import { Redis as IoRedis } from "ioredis";
import { createEmulator, type Emulator } from "../../src/emulator.ts";
import type { Clock } from "../../src/engine/index.ts";

export const TOKEN = "search-test-token";
export const READ_ONLY_TOKEN = "search-test-read-only";

export interface SearchEmulator extends AsyncDisposable {
  readonly emulator: Emulator;
  /** `@upstash/redis` over REST with the Standard token (no auto-pipelining: one request per call). */
  readonly redis: Redis;
  /** The same with the read-only token. */
  readonly readOnly: Redis;
  /** An ioredis client on the RESP listener. */
  resp(): IoRedis;
}

export async function startSearchEmulator(
  options: { clock?: Clock; dataDir?: string } = {},
): Promise<SearchEmulator> {
  const errors: unknown[] = [];
  const emulator = await createEmulator({
    port: 0,
    respPort: 0,
    token: TOKEN,
    readOnlyToken: READ_ONLY_TOKEN,
    onError: (error) => errors.push(error),
    ...options,
  });
  const clients: IoRedis[] = [];
  const sdk = (token: string): Redis =>
    new Redis({ url: emulator.url, token, enableAutoPipelining: false, retry: false });
  return {
    emulator,
    redis: sdk(TOKEN),
    readOnly: sdk(READ_ONLY_TOKEN),
    resp: () => {
      const client = new IoRedis(emulator.redisUrl ?? "", {
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      clients.push(client);
      return client;
    },
    [Symbol.asyncDispose]: async () => {
      for (const client of clients) {
        client.disconnect();
      }
      await emulator.close();
      if (errors.length > 0) {
        throw new AggregateError(errors, `the server reported ${errors.length} error(s)`);
      }
    },
  };
}
