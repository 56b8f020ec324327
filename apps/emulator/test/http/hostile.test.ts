/**
 * Hostile input beyond the request fuzz (fuzz.test.ts): bodies far over every limit, declared and
 * chunked, with and without a token, on every product's routes. Each must be answered 4xx without
 * the server reading what it refused, and memory must stay bounded. Seeded: a failure names the
 * case that reproduces it.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, test } from "vitest";
import { createEmulator, type Emulator } from "../../src/emulator.ts";
import { MANAGEMENT_MAX_REQUEST_BYTES } from "../../src/http/routes/management.ts";
import { VectorLimits } from "../../src/vector/index.ts";
import { chunks, offerRequest, plainBody, postHead } from "./fixtures/offer.ts";

const SEED = 20_261_127;
const CASES = 40;
const KV_MAX_REQUEST_BYTES = 64 * 1024;
/** What a case may offer: far past every limit (vector's is 100 MiB). */
const MAX_OFFERED_BYTES = 1024 * 1024 * 1024;
const SOCKET_BUFFERS_BYTES = 16 * 1024 * 1024;
/** How far the server's resident memory may grow over the whole run. */
const MAX_RSS_GROWTH_BYTES = 256 * 1024 * 1024;

let emulator: Emulator;
let port: number;

beforeAll(async () => {
  emulator = await createEmulator({
    port: 0,
    respPort: null,
    token: "kv-token",
    email: "dev@example.com",
    apiKey: "api-key",
    maxRequestBytes: KV_MAX_REQUEST_BYTES,
  });
  port = Number(new URL(emulator.url).port);
});

afterAll(async () => {
  await emulator.close();
});

const ROUTES = ["/", "/pipeline", "/multi-exec", "/set/k", "/v2/team", "/vector/default/upsert"];

function authorization(path: string): string {
  if (path.startsWith("/v2")) {
    return `Basic ${Buffer.from("dev@example.com:api-key").toString("base64")}`;
  }
  return path.startsWith("/vector") ? `Bearer ${emulator.vectorToken}` : "Bearer kv-token";
}

/** Past the route's limit: what a route must read up to its limit is read by the other tests. */
function limitOf(path: string): number {
  if (path.startsWith("/v2")) {
    return MANAGEMENT_MAX_REQUEST_BYTES;
  }
  return path.startsWith("/vector") ? VectorLimits.MAX_REQUEST_BYTES : KV_MAX_REQUEST_BYTES;
}

const oversizeCase = fc
  .record({
    path: fc.constantFrom(...ROUTES),
    isAuthenticated: fc.boolean(),
    isChunked: fc.boolean(),
    overBytes: fc.integer({ min: 1, max: MAX_OFFERED_BYTES }),
  })
  .map(({ overBytes, ...rest }) => ({ ...rest, offeredBytes: limitOf(rest.path) + overBytes }));

describe("oversize bodies", () => {
  test(`${CASES} requests offering up to 1 GiB each: all 4xx, memory bounded`, {
    timeout: 120_000,
  }, async ({ expect }) => {
    const cases = fc.sample(oversizeCase, { seed: SEED, numRuns: CASES });
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const failures: string[] = [];
    for (const sample of cases) {
      const { path, isAuthenticated, isChunked, offeredBytes } = sample;
      const headers: Record<string, string | number> = isChunked
        ? { "transfer-encoding": "chunked" }
        : { "content-length": offeredBytes };
      if (isAuthenticated) {
        headers["authorization"] = authorization(path);
      }
      const answer = await offerRequest(port, {
        head: postHead(path, headers),
        body: isChunked
          ? chunks(Math.ceil(offeredBytes / 65_536), 65_536)
          : plainBody(offeredBytes),
      });
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      if (!(answer.status >= 400 && answer.status < 500)) {
        failures.push(`${JSON.stringify(sample)}: status ${answer.status}`);
      }
      // Written is not read: loopback's socket buffers take a few MiB the server never reads.
      if (answer.sentBytes > limitOf(path) + SOCKET_BUFFERS_BYTES) {
        failures.push(`${JSON.stringify(sample)}: read ${answer.sentBytes} bytes before answering`);
      }
    }
    expect(failures).toEqual([]);
    expect(rssPeak - rssBefore).toBeLessThan(MAX_RSS_GROWTH_BYTES);
    // The server still serves
    const response = await emulator.fetch(`${emulator.url}/ping`, {
      headers: { authorization: "Bearer kv-token" },
    });
    expect(await response.json()).toEqual({ result: "PONG" });
  });
});
