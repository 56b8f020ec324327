/**
 * A fresh engine on a `ManualClock` for command tests (STYLE.md §13): `run("SET", "k", "v")` executes
 * as a RESP client would and returns the reply; `clock.advance(ms)` moves time.
 */
import { ManualClock } from "./clock.ts";
import type { CommandResult } from "./commands/context.ts";
import { Engine, type EngineOptions } from "./engine.ts";
import { type Reply, reply } from "./reply.ts";
import type { Session } from "./session.ts";

export interface TestEngine {
  readonly engine: Engine;
  readonly clock: ManualClock;
  readonly session: Session;
  /** Runs a command; blocked commands are returned as such. */
  execute(...argv: string[]): CommandResult;
  /** Runs a command that must not block. */
  run(...argv: string[]): Reply;
}

export function createTestEngine(options: EngineOptions = {}): TestEngine {
  const clock = new ManualClock();
  const engine = new Engine({ clock, random: seededRandom(42), ...options });
  const session = engine.createSession({ address: "127.0.0.1:50000" });
  const execute = (...argv: string[]): CommandResult => engine.execute(argv, session);
  return {
    engine,
    clock,
    session,
    execute,
    run: (...argv) => {
      const result = execute(...argv);
      if (result.kind === "blocked") {
        throw new Error(`${argv.join(" ")} blocked`);
      }
      return result;
    },
  };
}

/** A small deterministic PRNG (mulberry32), so random commands give repeatable answers in tests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Reply builders for expectations: `r.bulk("v")`, `r.int(1)`, `r.arr(r.bulk("a"))`. */
export const r = {
  ok: reply.ok(),
  nil: reply.null(),
  nilArray: reply.nullArray(),
  bulk: (value: string): Reply => reply.bulk(value),
  int: (value: number | bigint): Reply => reply.integer(value),
  simple: (value: string): Reply => reply.simple(value),
  err: (message: string): Reply => reply.error(message),
  arr: (...items: Reply[]): Reply => reply.array(items),
  bulks: (...values: string[]): Reply => reply.bulks(values),
  /** A script's RESP3 replies. */
  double: (value: number, text = String(value)): Reply => ({ kind: "double", value, text }),
  bool: (value: boolean): Reply => ({ kind: "boolean", value }),
  bigNumber: (text: string): Reply => ({ kind: "big-number", text }),
  verbatim: (format: string, value: string): Reply => ({ kind: "verbatim", format, value }),
  map: (...items: Reply[]): Reply => ({ kind: "map", items }),
  set: (...items: Reply[]): Reply => ({ kind: "set", items }),
};
