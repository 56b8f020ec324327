/**
 * Request bodies are judged before they are read (hardening: memory before authentication): every
 * route authenticates from the head, and every route has a body limit, refused from
 * `content-length` at once and from a chunked body as soon as it passes. Raw sockets, so a test can
 * declare a body it never sends and see the answer arrive first.
 */
import { MAX_MANAGEMENT_TEXT_LENGTH } from "@stratus/core/schemas";
import { afterAll, beforeAll, describe, test } from "vitest";
import { createEmulator, type Emulator } from "../../src/emulator.ts";
import { MANAGEMENT_MAX_REQUEST_BYTES } from "../../src/http/routes/management.ts";
import { VectorLimits } from "../../src/vector/index.ts";
import { chunks, type OfferAnswer, offerRequest, postHead } from "./fixtures/offer.ts";

const KV_MAX_REQUEST_BYTES = 4096;
/** More than Buffer.concat can hold: the probe's crash. */
const HUGE = 5 * 1024 * 1024 * 1024;

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

function tokenFor(route: keyof typeof PATHS): string {
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
  test.for(Object.keys(PATHS) as (keyof typeof PATHS)[])(
    "%s: a 5 GiB declared body is answered 401 at once, and the connection closes",
    async (route, { expect }) => {
      const answer = await send(postHead(PATHS[route], { "content-length": HUGE }), ["xyz"]);
      expect([answer.status, answer.isClosed]).toEqual([401, true]);
    },
  );

  test.for(Object.keys(PATHS) as (keyof typeof PATHS)[])(
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
  const Limits = {
    kv: KV_MAX_REQUEST_BYTES,
    management: MANAGEMENT_MAX_REQUEST_BYTES,
    vector: VectorLimits.MAX_REQUEST_BYTES,
  } as const;

  test.for(Object.keys(PATHS) as (keyof typeof PATHS)[])(
    "%s: a declared body over the limit is 413 before it is sent",
    async (route, { expect }) => {
      const answer = await send(
        postHead(PATHS[route], {
          authorization: tokenFor(route),
          "content-length": Limits[route] + 1,
        }),
      );
      expect([answer.status, answer.isClosed]).toEqual([413, true]);
      expect(JSON.parse(answer.body).error).toContain(String(Limits[route]));
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
