/**
 * Token rules (kv-rest-wire.md §4): 401 without a valid token; the Read Only token runs reads,
 * and is refused writes and the powerful reads with the service's NOPERM line.
 */
import { defineCheck } from "../check.ts";
import { check, checkEqual } from "../errors.ts";
import { describe } from "../http.ts";

const group = "tokens";

/** Service wording (kv-rest-wire.md §4). */
const noPermission = (command: string): string =>
  `NOPERM this user has no permissions to run the '${command}' command or its subcommand`;

export const tokenChecks = [
  defineCheck({
    area: "kv",
    group,
    name: "a missing or invalid token is 401 with a JSON error",
    spec: "kv-rest-wire.md §4, §8",
    run: async (ctx) => {
      const missing = await ctx.kvRequest({ path: "/", json: ["PING"], token: null });
      const invalid = await ctx.kvRequest({ path: "/", json: ["PING"], token: "not-a-token" });
      const invalidQuery = await ctx.kvRequest({
        method: "GET",
        path: "/ping?_token=not-a-token",
        token: null,
      });
      for (const [what, reply] of [
        ["missing", missing],
        ["invalid", invalid],
        ["invalid _token", invalidQuery],
      ] as const) {
        check(reply.status === 401, `${what} token: ${describe(reply)}`);
        const body = reply.json() as { error?: unknown };
        check(typeof body.error === "string", `${what} token: no error field in ${reply.text}`);
      }
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "the Read Only token runs reads",
    spec: "kv-rest-wire.md §4",
    run: async (ctx) => {
      const token = ctx.readOnlyToken();
      const key = ctx.key("read-only");
      await ctx.kvCommand(["SET", key, "v"]);
      checkEqual((await ctx.kvCommand(["GET", key], token)).json(), { result: "v" }, "GET");
      checkEqual((await ctx.kvCommand(["PING"], token)).json(), { result: "PONG" }, "PING");
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "the Read Only token is refused writes, SCAN and KEYS with 400 NOPERM",
    spec: "kv-rest-wire.md §4",
    run: async (ctx) => {
      const token = ctx.readOnlyToken();
      const key = ctx.key("read-only-write");
      for (const argv of [
        ["SET", key, "v"],
        ["SCAN", "0"],
        ["KEYS", `${key}*`],
      ]) {
        const reply = await ctx.kvCommand(argv, token);
        check(reply.status === 400, `${argv[0]}: ${describe(reply)}`);
        checkEqual(
          reply.json(),
          { error: noPermission(String(argv[0]).toLowerCase()) },
          argv[0] ?? "",
        );
      }
      checkEqual((await ctx.kvCommand(["EXISTS", key])).json(), { result: 0 }, "EXISTS after SET");
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "in a pipeline a Read Only refusal is an entry of a 200",
    spec: "kv-rest-wire.md §4",
    run: async (ctx) => {
      const token = ctx.readOnlyToken();
      const key = ctx.key("read-only-pipeline");
      const reply = await ctx.kvRequest({
        path: "/pipeline",
        token,
        json: [
          ["GET", key],
          ["SET", key, "v"],
        ],
      });
      check(reply.status === 200, describe(reply));
      checkEqual(reply.json(), [{ result: null }, { error: noPermission("set") }], "entries");
    },
  }),
];
