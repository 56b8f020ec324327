/**
 * Error statuses and bodies (kv-rest-wire.md §8, §9): 400 with `{"error":…}` for command errors
 * and malformed bodies, 405 for other methods, and service error wording.
 */
import { defineCheck } from "../check.ts";
import { check, checkEqual } from "../errors.ts";
import { describe, type HttpReply } from "../http.ts";

const group = "status-codes";

function errorOf(reply: HttpReply): string {
  const body = reply.json() as { error?: unknown; result?: unknown };
  check(typeof body.error === "string", `no error field: ${describe(reply)}`);
  check(!("result" in body), `an error body also has result: ${reply.text}`);
  return body.error;
}

export const statusChecks = [
  defineCheck({
    area: "kv",
    group,
    name: "a command error is 400 with the Redis error line",
    spec: "kv-rest-wire.md §8, §9",
    run: async (ctx) => {
      const key = ctx.key("wrongtype");
      await ctx.kvCommand(["SET", key, "v"]);
      const wrongType = await ctx.kvCommand(["HGET", key, "f"]);
      check(wrongType.status === 400, `WRONGTYPE: ${describe(wrongType)}`);
      checkEqual(
        errorOf(wrongType),
        "WRONGTYPE Operation against a key holding the wrong kind of value",
        "WRONGTYPE text",
      );
      const arity = await ctx.kvCommand(["GET"]);
      check(arity.status === 400, `arity: ${describe(arity)}`);
      checkEqual(errorOf(arity), "ERR wrong number of arguments for 'get' command", "arity text");
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "an unknown command is 400",
    spec: "kv-rest-wire.md §8",
    run: async (ctx) => {
      const reply = await ctx.kvCommand(["NOSUCHCOMMAND", "x"]);
      check(reply.status === 400, describe(reply));
      check(errorOf(reply).startsWith("ERR"), `error text: ${reply.text}`);
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "commands REST does not support are refused with 400",
    spec: "kv-rest-wire.md §13.1",
    run: async (ctx) => {
      for (const argv of [
        ["BLPOP", ctx.key("blocking"), "1"],
        ["WATCH", ctx.key("watched")],
        ["SELECT", "1"],
      ]) {
        const reply = await ctx.kvCommand(argv);
        check(reply.status === 400, `${argv[0]}: ${describe(reply)}`);
        errorOf(reply);
      }
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "a body that is not JSON is a 400 syntax error with a JSON error",
    spec: "interfaces.md Errors; kv-rest-wire.md §8",
    run: async (ctx) => {
      // Only malformed JSON: what the service answers to `{}` or `[]` is not documented (§3).
      for (const body of ["not json", '["SET", "unterminated']) {
        const reply = await ctx.kvRequest({ path: "/", body });
        check(reply.status === 400, `body ${body}: ${describe(reply)}`);
        errorOf(reply);
      }
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "methods other than HEAD, GET, POST and PUT are 405",
    spec: "kv-rest-wire.md §2.2, §8",
    run: async (ctx) => {
      for (const method of ["DELETE", "PATCH"]) {
        const reply = await ctx.kvRequest({ method, path: "/get/x" });
        check(reply.status === 405, `${method}: ${describe(reply)}`);
        errorOf(reply);
      }
    },
  }),
];
