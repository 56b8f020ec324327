/**
 * `/pipeline` and `/multi-exec` (kv-rest-wire.md §5.1, §12): one entry per command, error entries
 * in place, atomic discard of a transaction that cannot queue.
 */
import { RestHeaders } from "@stratus/core/rest";
import { defineCheck } from "../check.ts";
import { check, checkEqual } from "../errors.ts";
import { describe } from "../http.ts";

const WRONGTYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";

export const batchChecks = [
  defineCheck({
    area: "kv",
    group: "pipeline",
    name: "one entry per command; a failed command does not stop the rest",
    spec: "kv-rest-wire.md §5.1, §12",
    run: async (ctx) => {
      const key = ctx.key("pipeline");
      const reply = await ctx.kvRequest({
        path: "/pipeline",
        json: [
          ["SET", key, "v"],
          ["HGET", key, "f"],
          ["GET", key],
        ],
      });
      check(reply.status === 200, `status: ${describe(reply)}`);
      checkEqual(
        reply.json(),
        [{ result: "OK" }, { error: WRONGTYPE }, { result: "v" }],
        "entries",
      );
    },
  }),
  defineCheck({
    area: "kv",
    group: "pipeline",
    name: "a null result is kept as result: null",
    spec: "kv-rest-wire.md §5.1",
    run: async (ctx) => {
      const reply = await ctx.kvRequest({ path: "/pipeline", json: [["GET", ctx.key("missing")]] });
      checkEqual(reply.json(), [{ result: null }], "entries");
    },
  }),
  defineCheck({
    area: "kv",
    group: "multi-exec",
    name: "runs every command; runtime errors are entries",
    spec: "kv-rest-wire.md §12",
    run: async (ctx) => {
      const key = ctx.key("tx");
      const counter = ctx.key("tx-counter");
      const reply = await ctx.kvRequest({
        path: "/multi-exec",
        json: [
          ["SET", key, "x"],
          ["INCR", key],
          ["INCR", counter],
        ],
      });
      check(reply.status === 200, `status: ${describe(reply)}`);
      checkEqual(
        reply.json(),
        [{ result: "OK" }, { error: "ERR value is not an integer or out of range" }, { result: 1 }],
        "entries",
      );
    },
  }),
  defineCheck({
    area: "kv",
    group: "multi-exec",
    name: "an unknown command discards the whole transaction with 400",
    spec: "kv-rest-wire.md §12",
    run: async (ctx) => {
      const key = ctx.key("tx-discard");
      const reply = await ctx.kvRequest({
        path: "/multi-exec",
        json: [
          ["SET", key, "x"],
          ["NOSUCHCOMMAND", key],
        ],
      });
      check(reply.status === 400, `status: ${describe(reply)}`);
      const body = reply.json() as { error?: unknown };
      check(
        !Array.isArray(body) && typeof body.error === "string" && body.error.startsWith("ERR"),
        `body is not one {"error":"ERR …"}: ${reply.text}`,
      );
      checkEqual((await ctx.kvCommand(["EXISTS", key])).json(), { result: 0 }, "EXISTS after");
    },
  }),
  defineCheck({
    area: "kv",
    group: "multi-exec",
    name: "answers JSON even when resp2 is asked for",
    spec: "kv-rest-wire.md §7",
    run: async (ctx) => {
      const reply = await ctx.kvRequest({
        path: "/multi-exec",
        headers: { [RestHeaders.RESPONSE_FORMAT]: "resp2" },
        json: [["ECHO", "x"]],
      });
      checkEqual(reply.json(), [{ result: "x" }], "entries");
    },
  }),
];
