/**
 * Request bodies are judged before they are read (hardening: memory before authentication): every
 * route authenticates from the head, and every route has a body limit, refused from
 * `content-length` at once and from a chunked body as soon as it passes. Raw sockets, so a test can
 * declare a body it never sends and see the answer arrive first; and a seeded fuzz of bodies far
 * over every limit, with and without a token, which must all be 4xx with memory bounded.
 */
import { MAX_MANAGEMENT_TEXT_LENGTH } from "@stratus/core/schemas";
import fc from "fast-check";
import { afterAll, beforeAll, describe, test } from "vitest";
import { createEmulator, type Emulator } from "../../src/emulator.ts";
import { MANAGEMENT_MAX_REQUEST_BYTES } from "../../src/http/routes/management.ts";
import { VectorLimits } from "../../src/vector/index.ts";
import { chunks, type OfferAnswer, offerRequest, plainBody, postHead } from "./fixtures/offer.ts";

const KV_MAX_REQUEST_BYTES = 4096;
/** More than Buffer.concat can hold: the probe's crash. */
const HUGE = 5 * 1024 * 1024 * 1024;

const FUZZ_SEED = 20_261_127;
const FUZZ_CASES = 40;
/** How far past its limit a fuzzed body goes: up to 1 GiB. */
const MAX_OVER_LIMIT_BYTES = 1024 * 1024 * 1024;
/** Written is not read: loopback's socket buffers take a few MiB the server never reads. */
const SOCKET_BUFFERS_BYTES = 16 * 1024 * 1024;
/** How far the server's resident memory may grow over the whole fuzz. */
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

function send(head: string, body?: Iterable<string>): Promise<OfferAnswer> {
  return offerRequest(port, body === undefined ? { head } : { head, body });
}

const PATHS = {
  kv: "/set/k",
  management: "/v2/team",
  vector: "/vector/default/upsert",
} as const;

type Product = keyof typeof PATHS;

const LIMITS: Readonly<Record<Product, number>> = {
  kv: KV_MAX_REQUEST_BYTES,
  management: MANAGEMENT_MAX_REQUEST_BYTES,
  vector: VectorLimits.MAX_REQUEST_BYTES,
};

function productOf(path: string): Product {
  if (path.startsWith("/v2")) {
    return "management";
  }
  return path.startsWith("/vector") ? "vector" : "kv";
}

function tokenFor(route: Product): string {
  switch (route) {
    case "kv":
      return "Bearer kv-token";
    case "vector":
      return `Bearer ${emulator.vectorToken}`;
    case "management":
      return `Basic ${Buffer.from("dev@example.com:api-key").toString("base64")}`;
  }
}

describe("unauthenticated bodies are never read", () => {
  test.for(Object.keys(PATHS) as Product[])(
    "%s: a 5 GiB declared body is answered 401 at once, and the connection closes",
    async (route, { expect }) => {
      const answer = await send(postHead(PATHS[route], { "content-length": HUGE }), ["xyz"]);
      expect([answer.status, answer.isClosed]).toEqual([401, true]);
    },
  );

  test.for(Object.keys(PATHS) as Product[])(
    "%s: a chunked body is answered 401 from its head, before its end",
    async (route, { expect }) => {
      // 1 GiB offered in 64 KiB chunks; the answer stops the writing.
      const answer = await send(
        postHead(PATHS[route], { "transfer-encoding": "chunked" }),
        chunks(16_384, 64 * 1024),
      );
      expect([answer.status, answer.isClosed]).toEqual([401, true]);
    },
  );
});

describe("every route has a body limit", () => {
  test.for(Object.keys(PATHS) as Product[])(
    "%s: a declared body over the limit is 413 before it is sent",
    async (route, { expect }) => {
      const answer = await send(
        postHead(PATHS[route], {
          authorization: tokenFor(route),
          "content-length": LIMITS[route] + 1,
        }),
      );
      expect([answer.status, answer.isClosed]).toEqual([413, true]);
      expect(JSON.parse(answer.body).error).toContain(String(LIMITS[route]));
    },
  );

  test("kv: the service's wording, with the sync token", async ({ expect }) => {
    const answer = await send(
      postHead(PATHS.kv, { authorization: tokenFor("kv"), "content-length": HUGE }),
    );
    expect(JSON.parse(answer.body)).toEqual({
      error: `ERR max request size exceeded. Limit: ${KV_MAX_REQUEST_BYTES} bytes, Actual: ${HUGE} bytes`,
    });
    expect(answer.head).toContain("upstash-sync-token:");
  });

  test.for(["kv", "management"] as const)(
    "%s: a chunked body is 413 as soon as it passes the limit",
    async (route, { expect }) => {
      const answer = await send(
        postHead(PATHS[route], { authorization: tokenFor(route), "transfer-encoding": "chunked" }),
        chunks(16_384, 16 * 1024),
      );
      expect([answer.status, answer.isClosed]).toEqual([413, true]);
    },
  );

  test("a body within the limit is served", async ({ expect }) => {
    const value = "v".repeat(KV_MAX_REQUEST_BYTES - 100);
    const answer = await send(
      postHead(PATHS.kv, { authorization: tokenFor("kv"), "content-length": value.length }),
      [value],
    );
    expect([answer.status, JSON.parse(answer.body)]).toEqual([200, { result: "OK" }]);
  });

  test("the in-process fetch applies the same limits", async ({ expect }) => {
    const response = await emulator.fetch(`${emulator.url}/v2/team`, {
      method: "POST",
      headers: { authorization: tokenFor("management") },
      body: "x".repeat(MANAGEMENT_MAX_REQUEST_BYTES + 1),
    });
    expect(response.status).toBe(413);
  });
});

describe("management fields have length limits", () => {
  test.for([
    [
      "team_name",
      { team_name: "t".repeat(MAX_MANAGEMENT_TEXT_LENGTH + 1), copy_cc: false },
      "/team",
    ],
    [
      "database_name",
      {
        database_name: "d".repeat(MAX_MANAGEMENT_TEXT_LENGTH + 1),
        region: "global",
        primary_region: "us-east-1",
      },
      "/redis/database",
    ],
  ] as const)("a %s over the limit is 400 naming it", async ([field, body, path], { expect }) => {
    const response = await emulator.fetch(`${emulator.url}/v2${path}`, {
      method: "POST",
      headers: { authorization: tokenFor("management") },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: `${field}: must be at most ${MAX_MANAGEMENT_TEXT_LENGTH} characters`,
    });
  });

  test("a name at the limit is accepted", async ({ expect }) => {
    const response = await emulator.fetch(`${emulator.url}/v2/team`, {
      method: "POST",
      headers: { authorization: tokenFor("management") },
      body: JSON.stringify({ team_name: "t".repeat(MAX_MANAGEMENT_TEXT_LENGTH), copy_cc: false }),
    });
    expect(response.status).toBe(200);
  });
});

const FUZZED_PATHS = [
  "/",
  "/pipeline",
  "/multi-exec",
  "/set/k",
  "/v2/team",
  "/vector/default/upsert",
];

const oversizeCase = fc
  .record({
    path: fc.constantFrom(...FUZZED_PATHS),
    isAuthenticated: fc.boolean(),
    isChunked: fc.boolean(),
    overBytes: fc.integer({ min: 1, max: MAX_OVER_LIMIT_BYTES }),
  })
  .map(({ overBytes, ...rest }) => ({
    ...rest,
    offeredBytes: LIMITS[productOf(rest.path)] + overBytes,
  }));

describe("fuzz: bodies far over every limit", () => {
  test(`${FUZZ_CASES} requests offering up to 1 GiB each: all 4xx, memory bounded`, {
    timeout: 120_000,
  }, async ({ expect }) => {
    const cases = fc.sample(oversizeCase, { seed: FUZZ_SEED, numRuns: FUZZ_CASES });
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const failures: string[] = [];
    for (const sample of cases) {
      const { path, isAuthenticated, isChunked, offeredBytes } = sample;
      const headers: Record<string, string | number> = isChunked
        ? { "transfer-encoding": "chunked" }
        : { "content-length": offeredBytes };
      if (isAuthenticated) {
        headers["authorization"] = tokenFor(productOf(path));
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
      if (answer.sentBytes > LIMITS[productOf(path)] + SOCKET_BUFFERS_BYTES) {
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
