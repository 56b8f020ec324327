/** The signatures the command record gives `createKv` and the batch builders. */
import type { RestValue } from "@stratus/core/rest";
import { describe, expectTypeOf, test } from "vitest";
import {
  type CommandError,
  createKv,
  defineClientCommand,
  type Kv,
  type PipelineOutcome,
} from "../src/index.ts";

declare const kv: Kv;

describe("typed methods", () => {
  test("results follow each command's decoder", () => {
    expectTypeOf(kv.get("k")).toEqualTypeOf<Promise<string | null>>();
    expectTypeOf(kv.incr("k")).toEqualTypeOf<Promise<number>>();
    expectTypeOf(kv.set("k", "v", { ex: 10 })).toEqualTypeOf<Promise<string | null>>();
    expectTypeOf(kv.mset({ a: "1" })).toEqualTypeOf<Promise<"OK">>();
    expectTypeOf(kv.hgetall("h")).toEqualTypeOf<Promise<Record<string, string>>>();
    expectTypeOf(kv.smismember("s", "a")).toEqualTypeOf<Promise<boolean[]>>();
    expectTypeOf(kv.zscore("z", "m")).toEqualTypeOf<Promise<number | null>>();
    expectTypeOf(kv.jsonGet("doc", "$")).toEqualTypeOf<Promise<unknown>>();
    expectTypeOf(kv.command("GET", "k")).toEqualTypeOf<Promise<RestValue>>();
  });

  test("arguments are checked", () => {
    expectTypeOf(kv.get).parameters.toEqualTypeOf<[key: string | Uint8Array]>();
    // @ts-expect-error: MGET needs at least one key
    void kv.mget();
    // @ts-expect-error: INCRBY takes a number
    void kv.incrby("k", "1");
    // @ts-expect-error: an unknown option
    void kv.set("k", "v", { ttl: 1 });
  });
});

describe("batches", () => {
  test("a pipeline collects a typed tuple", () => {
    const pipeline = kv.pipeline().set("k", "v").incr("n").get("k").command("PING");
    expectTypeOf(pipeline.exec()).toEqualTypeOf<
      Promise<[string | null, number, string | null, RestValue]>
    >();
  });

  test("keepErrors gives one outcome per entry", () => {
    const outcomes = kv.multi().incr("n").hlen("h").exec({ keepErrors: true });
    expectTypeOf(outcomes).toEqualTypeOf<
      Promise<[PipelineOutcome<number>, PipelineOutcome<number>]>
    >();
    expectTypeOf<PipelineOutcome<number>>().toEqualTypeOf<
      | { readonly ok: true; readonly value: number }
      | { readonly ok: false; readonly error: CommandError }
    >();
  });

  test("an empty builder resolves to an empty tuple", () => {
    expectTypeOf(kv.pipeline().exec()).toEqualTypeOf<Promise<[]>>();
  });
});

describe("definitions", () => {
  test("defineClientCommand infers from one signature", () => {
    const getdel = defineClientCommand<(key: string) => string | null>({
      name: "GETDEL",
      encode: (key) => [key],
      decode: () => null,
    });
    expectTypeOf(getdel.encode).parameters.toEqualTypeOf<[key: string]>();
    expectTypeOf(getdel.decode).returns.toEqualTypeOf<string | null>();
  });

  test("createKv requires url and token", () => {
    // @ts-expect-error: token is required
    createKv({ url: "http://127.0.0.1:1" });
  });
});
