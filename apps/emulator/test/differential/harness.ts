/**
 * The differential harness: the same command scripts go over RESP to the embedded engine and to a
 * real `redis-server`, and the replies are compared exactly — unordered only where Redis's reply is
 * unordered (STYLE.md §13 conformance). Both sides run on wall-clock time.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import { Engine } from "../../src/engine/index.ts";
import { MemoryBackend } from "../../src/kv/memory/memory-backend.ts";
import { type RespServer, startRespServer } from "../../src/resp/server.ts";
import { RedisServer, shouldRunRedisTests } from "../support/redis-server.ts";
import { RespClient } from "../support/resp-client.ts";

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
  | "double";

export type Step =
  | readonly string[]
  | { readonly argv: readonly string[]; readonly compare: Comparison };

export interface Targets {
  readonly stratus: RespClient;
  readonly redis: RespClient;
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
  return {
    stratus,
    redis,
    ports: { stratus: respServer.port, redis: redisServer.port },
    close: async () => {
      await Promise.all([stratus.close(), redis.close()]);
      await Promise.all([respServer.close(), redisServer.kill()]);
      await backend.close();
      engine.close();
    },
  };
}

/** A readable form of a reply for assertion messages: bulk strings as text (or hex when binary). */
export function show(value: Resp2Value): unknown {
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
    default:
      return value satisfies never;
  }
}

const byJson = (a: unknown, b: unknown): number =>
  JSON.stringify(a).localeCompare(JSON.stringify(b));

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** Decimal strings in a shown reply as canonical numbers (`"1.1000000000000001"` → `"1.1"`). */
function asNumbers(shown: unknown): unknown {
  if (Array.isArray(shown)) {
    return shown.map(asNumbers);
  }
  return typeof shown === "string" && DECIMAL.test(shown) ? `${Number(shown)}` : shown;
}

/** The reply in the form the comparison needs. */
export function normalise(value: Resp2Value, compare: Comparison): unknown {
  const shown = show(value);
  if (compare === "double") {
    return asNumbers(shown);
  }
  if (!Array.isArray(shown)) {
    return compare === "kind" ? value.kind : shown;
  }
  switch (compare) {
    case "exact":
      return shown;
    case "unordered":
      return [...shown].sort(byJson);
    case "unordered-pairs": {
      const pairs: unknown[][] = [];
      for (let i = 0; i < shown.length; i += 2) {
        pairs.push([shown[i], shown[i + 1]]);
      }
      return pairs.sort(byJson);
    }
    case "kind":
      return value.kind;
    case "scan":
      return [shown[0], Array.isArray(shown[1]) ? [...shown[1]].sort(byJson) : shown[1]];
    default:
      return compare satisfies never;
  }
}

export interface StepResult {
  readonly argv: readonly string[];
  readonly stratus: unknown;
  readonly redis: unknown;
}

/** Runs `steps` on both targets after FLUSHALL; returns each step's normalised replies. */
export async function runBoth(targets: Targets, steps: readonly Step[]): Promise<StepResult[]> {
  await Promise.all([targets.stratus.call("FLUSHALL"), targets.redis.call("FLUSHALL")]);
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
