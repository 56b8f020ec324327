/**
 * The differential harness: the same command scripts go over RESP to the embedded engine and to a
 * real `redis-server`, and the replies are compared exactly — unordered only where Redis's reply is
 * unordered (STYLE.md §13 conformance). Both sides run on wall-clock time. Every script runs twice:
 * over RESP2, then over RESP3 connections (`HELLO 3`), so each command's RESP3 shape is diffed too.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import type { Resp3Value } from "@stratus/core/resp3";
import { Engine } from "../../src/engine/index.ts";
import { MemoryBackend } from "../../src/kv/memory/memory-backend.ts";
import { type RespServer, startRespServer } from "../../src/resp/server.ts";
import { RedisServer, shouldRunRedisTests } from "../support/redis-server.ts";
import { RespClient } from "../support/resp-client.ts";
import { Resp3Client } from "../support/resp3-client.ts";

/** How two replies are compared. */
export type Comparison =
  /** byte for byte */
  | "exact"
  /** an array whose order Redis does not define (SMEMBERS, KEYS, HKEYS, …) */
  | "unordered"
  /** a flat array of pairs whose pair order Redis does not define (HGETALL) */
  | "unordered-pairs"
  /** only the reply's kind (random replies: SPOP, RANDOMKEY) */
  | "kind"
  /** [cursor, items]: items unordered (SCAN family over small containers finishes in one call) */
  | "scan"
  /**
   * exact, except that decimal bulk strings compare as numbers. A deliberate difference: Redis
   * 7.2 and later (and the engine, which follows Redis 8) print doubles as the shortest string
   * that round-trips (`1.1`), where 7.0, the redis-server we diff against, prints 17 significant
   * digits (`1.1000000000000001`). Both parse to the same double.
   */
  | "double"
  /**
   * INFO commandstats/errorstats text: lines in any order (Redis lists commands in its hash
   * table's order) and the timings (`usec`, `usec_per_call`) left out; the counts compare exactly.
   */
  | "stats";

export type Step =
  | readonly string[]
  | { readonly argv: readonly string[]; readonly compare: Comparison };

export interface Targets {
  readonly stratus: RespClient;
  readonly redis: RespClient;
  /** RESP3 connections (after `HELLO 3`) to the same servers. */
  readonly resp3: { readonly stratus: Resp3Client; readonly redis: Resp3Client };
  /** The RESP ports, for tests that open more connections (pub/sub subscribers). */
  readonly ports: { readonly stratus: number; readonly redis: number };
  close(): Promise<void>;
}

/** Whether differential tests can run here (always in CI). */
export const canRunDifferential: boolean = shouldRunRedisTests();

export async function startTargets(): Promise<Targets> {
  const engine = new Engine();
  const backend = new MemoryBackend(engine);
  const respServer: RespServer = await startRespServer({
    backend,
    host: "127.0.0.1",
    port: 0,
    onError: (error) => {
      throw error;
    },
  });
  const redisServer = await RedisServer.start();
  const stratus = await RespClient.connect(respServer.port);
  const redis = await RespClient.connect(redisServer.port);
  const resp3 = {
    stratus: await Resp3Client.connect(respServer.port),
    redis: await Resp3Client.connect(redisServer.port),
  };
  return {
    stratus,
    redis,
    resp3,
    ports: { stratus: respServer.port, redis: redisServer.port },
    close: async () => {
      await Promise.all([
        stratus.close(),
        redis.close(),
        resp3.stratus.close(),
        resp3.redis.close(),
      ]);
      await Promise.all([respServer.close(), redisServer.kill()]);
      await backend.close();
      engine.close();
    },
  };
}

/**
 * A readable form of a reply for assertion messages: bulk strings as text (or hex when binary);
 * RESP3's types marked (`{ "%": entries }` for a map, `{ "~": items }` for a set, `,1.5` for a
 * double, …).
 */
export function show(value: Resp2Value | Resp3Value): unknown {
  switch (value.kind) {
    case "simple":
      return `+${value.value}`;
    case "error":
      return `-${value.message}`;
    case "integer":
      return Number(value.value);
    case "bulk": {
      const text = Buffer.from(value.value).toString("latin1");
      return /^[\x20-\x7e]*$/.test(text) ? text : `0x${Buffer.from(value.value).toString("hex")}`;
    }
    case "null":
      return null;
    case "null-array":
      return "(null array)";
    case "array":
      return value.items.map(show);
    case "map":
      return { "%": value.entries.map(([key, entry]) => [show(key), show(entry)]) };
    case "set":
      return { "~": value.items.map(show) };
    case "push":
      return { ">": value.items.map(show) };
    case "attribute":
      return {
        "|": value.entries.map(([key, entry]) => [show(key), show(entry)]),
        value: show(value.value),
      };
    case "double":
      return `,${value.text ?? String(value.value)}`;
    case "boolean":
      return value.value ? "#t" : "#f";
    case "big-number":
      return `(${value.value}`;
    case "blob-error":
      return `!${Buffer.from(value.message).toString("latin1")}`;
    case "verbatim":
      return `=${value.format}:${Buffer.from(value.value).toString("latin1")}`;
    default:
      return value satisfies never;
  }
}

/** A shown RESP3 map's or set's contents, to compare as an array; anything else as it is. */
function contents(shown: unknown): unknown {
  if (typeof shown === "object" && shown !== null && !Array.isArray(shown)) {
    const record = shown as Record<string, unknown>;
    return record["%"] ?? record["~"] ?? record[">"] ?? shown;
  }
  return shown;
}

const byJson = (a: unknown, b: unknown): number =>
  JSON.stringify(a).localeCompare(JSON.stringify(b));

const DECIMAL = /^(,?)([-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?)$/i;

/** Decimal strings (and doubles) in a shown reply as canonical numbers (`"1.1000000000000001"` → `"1.1"`). */
function asNumbers(shown: unknown): unknown {
  if (Array.isArray(shown)) {
    return shown.map(asNumbers);
  }
  if (typeof shown === "object" && shown !== null) {
    return Object.fromEntries(Object.entries(shown).map(([key, inner]) => [key, asNumbers(inner)]));
  }
  const match = typeof shown === "string" ? DECIMAL.exec(shown) : null;
  return match === null ? shown : `${match[1]}${Number(match[2])}`;
}

/** The reply in the form the comparison needs. */
export function normalise(value: Resp2Value | Resp3Value, compare: Comparison): unknown {
  const shown = show(value);
  if (compare === "double") {
    return asNumbers(shown);
  }
  if (compare === "exact") {
    return shown;
  }
  if (compare === "stats") {
    return value.kind === "bulk" || value.kind === "verbatim"
      ? Buffer.from(value.value)
          .toString("latin1")
          .replace(/usec=\d+,usec_per_call=[\d.]+,/g, "")
          .split("\r\n")
          .filter((line) => line !== "")
          .sort()
      : shown;
  }
  const items = contents(shown);
  if (!Array.isArray(items)) {
    return compare === "kind" ? value.kind : shown;
  }
  switch (compare) {
    case "unordered":
      return [value.kind, [...items].sort(byJson)];
    case "unordered-pairs": {
      if (value.kind === "map") {
        return [value.kind, [...items].sort(byJson)];
      }
      const pairs: unknown[][] = [];
      for (let i = 0; i < items.length; i += 2) {
        pairs.push([items[i], items[i + 1]]);
      }
      return [value.kind, pairs.sort(byJson)];
    }
    case "kind":
      return value.kind;
    case "scan":
      return [items[0], Array.isArray(items[1]) ? [...items[1]].sort(byJson) : items[1]];
    default:
      return compare satisfies never;
  }
}

export interface StepResult {
  readonly argv: readonly string[];
  readonly stratus: unknown;
  readonly redis: unknown;
}

/**
 * Runs `steps` on both targets after FLUSHALL, over RESP2 and then again over RESP3; returns each
 * step's normalised replies (the RESP3 run's argv marked `RESP3`).
 */
export async function runBoth(targets: Targets, steps: readonly Step[]): Promise<StepResult[]> {
  const results = await runOver(targets, steps);
  return [
    ...results,
    ...(await runOver(targets.resp3, steps)).map((result) => ({
      ...result,
      argv: ["RESP3", ...result.argv],
    })),
  ];
}

interface Pair {
  readonly stratus: { call(...argv: Uint8Array[]): Promise<Resp2Value | Resp3Value> };
  readonly redis: { call(...argv: Uint8Array[]): Promise<Resp2Value | Resp3Value> };
}

async function runOver(targets: Pair, steps: readonly Step[]): Promise<StepResult[]> {
  const bytes = (text: string): Uint8Array => Buffer.from(text, "latin1");
  // Each pass starts clean: a pass that ended inside MULTI or with keys WATCHed must not leak
  // into the next one on the same connections.
  for (const command of ["DISCARD", "UNWATCH", "FLUSHALL"]) {
    await Promise.all([targets.stratus.call(bytes(command)), targets.redis.call(bytes(command))]);
  }
  const results: StepResult[] = [];
  for (const step of steps) {
    const { argv, compare } =
      "argv" in step ? step : { argv: step as readonly string[], compare: "exact" as const };
    const toBytes = (text: string): Uint8Array => Buffer.from(text, "latin1");
    const [stratus, redis] = await Promise.all([
      targets.stratus.call(...argv.map(toBytes)),
      targets.redis.call(...argv.map(toBytes)),
    ]);
    results.push({ argv, stratus: normalise(stratus, compare), redis: normalise(redis, compare) });
  }
  return results;
}

/** The first step whose replies differ, or undefined when all agree. */
export function firstDifference(results: readonly StepResult[]): StepResult | undefined {
  return results.find((result) => JSON.stringify(result.stratus) !== JSON.stringify(result.redis));
}
