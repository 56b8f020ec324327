/**
 * Where the service differs from plain Redis in ways client libraries rely on (docs/differences.md,
 * kv-rest-wire.md §13.2): the `allow-key-locking` script flag with SCRIPT LOAD's SHA being the
 * script's own, SCAN's WITHTYPE, and COPY of a key onto itself answering 0.
 */
import { createHash } from "node:crypto";
import { defineCheck } from "../check.ts";
import { check, checkEqual } from "../errors.ts";
import { describe } from "../http.ts";

const group = "service-behaviours";

export const serviceBehaviourChecks = [
  defineCheck({
    area: "kv",
    group,
    name: "scripts may declare allow-key-locking; SCRIPT LOAD answers the script's own SHA-1",
    spec: "docs/differences.md",
    run: async (ctx) => {
      const key = ctx.key("locking");
      // A body unique to the run, so EVALSHA cannot find it cached from another run.
      const script = `#!lua flags=allow-key-locking\n-- ${key}\nreturn redis.call('incr', KEYS[1])`;
      const sha = createHash("sha1").update(script, "utf8").digest("hex");
      const missing = await ctx.kvCommand(["EVALSHA", sha, 1, key]);
      check(
        missing.status === 400 && missing.text.includes("NOSCRIPT"),
        `EVALSHA before loading: ${describe(missing)}`,
      );
      checkEqual((await ctx.kvCommand(["EVAL", script, 1, key])).json(), { result: 1 }, "EVAL");
      checkEqual(
        (await ctx.kvCommand(["SCRIPT", "LOAD", script])).json(),
        { result: sha },
        "SCRIPT LOAD",
      );
      checkEqual((await ctx.kvCommand(["EVALSHA", sha, 1, key])).json(), { result: 2 }, "EVALSHA");
      const readOnly = "#!lua flags=no-writes,allow-key-locking\nreturn redis.call('get', KEYS[1])";
      checkEqual(
        (await ctx.kvCommand(["EVAL_RO", readOnly, 1, key])).json(),
        { result: "2" },
        "EVAL_RO",
      );
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "SCAN … WITHTYPE lists each key with its type",
    spec: "kv-rest-wire.md §13.2",
    run: async (ctx) => {
      const text = ctx.key("typed-string");
      const list = ctx.key("typed-list");
      await ctx.kvCommand(["SET", text, "v"]);
      await ctx.kvCommand(["RPUSH", list, "x"]);
      const pattern = `${text.slice(0, text.lastIndexOf(":"))}:typed-*`;
      const found = new Map<string, string>();
      let cursor = "0";
      do {
        const reply = await ctx.kvCommand([
          "SCAN",
          cursor,
          "MATCH",
          pattern,
          "COUNT",
          1000,
          "WITHTYPE",
        ]);
        const result = (reply.json() as { result?: [string, string[]] }).result;
        check(result !== undefined, `SCAN WITHTYPE: ${describe(reply)}`);
        const [next, flat] = result;
        for (let i = 0; i + 1 < flat.length; i += 2) {
          found.set(flat[i] ?? "", flat[i + 1] ?? "");
        }
        cursor = next;
      } while (cursor !== "0");
      checkEqual(
        [...found].sort(([a], [b]) => a.localeCompare(b)),
        [
          [list, "list"],
          [text, "string"],
        ],
        "keys and types",
      );
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "COPY of a key onto itself answers 0",
    spec: "kv-rest-wire.md §13.2",
    run: async (ctx) => {
      const key = ctx.key("copy-self");
      await ctx.kvCommand(["SET", key, "v"]);
      checkEqual((await ctx.kvCommand(["COPY", key, key])).json(), { result: 0 }, "COPY k k");
      checkEqual((await ctx.kvCommand(["GET", key])).json(), { result: "v" }, "GET");
    },
  }),
];
