/**
 * The request forms of the key-value interface (kv-rest-wire.md §2–§3): a JSON array on `/`, the
 * path form with and without a body, query parameters, methods and `_token`.
 */
import { defineCheck } from "../check.ts";
import { check, checkEqual } from "../errors.ts";
import { describe } from "../http.ts";

const group = "request-forms";

export const requestFormChecks = [
  defineCheck({
    area: "kv",
    group,
    name: "JSON array on POST / runs one command",
    spec: "kv-rest-wire.md §2.2",
    run: async (ctx) => {
      const key = ctx.key("json-form");
      const set = await ctx.kvCommand(["SET", key, "bar"]);
      checkEqual(set.json(), { result: "OK" }, "SET");
      const get = await ctx.kvCommand(["GET", key]);
      checkEqual(get.json(), { result: "bar" }, "GET");
      check(get.status === 200, `GET: status ${get.status}`);
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "JSON numbers and booleans become their String() text",
    spec: "kv-rest-wire.md §3",
    run: async (ctx) => {
      const key = ctx.key("json-types");
      await ctx.kvCommand(["SET", key, 1.5]);
      checkEqual((await ctx.kvCommand(["GET", key])).json(), { result: "1.5" }, "GET after 1.5");
      await ctx.kvRequest({ path: "/", json: ["SET", key, true] });
      checkEqual((await ctx.kvCommand(["GET", key])).json(), { result: "true" }, "GET after true");
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "command in the path, any method of GET/HEAD/POST/PUT",
    spec: "kv-rest-wire.md §2.2",
    run: async (ctx) => {
      const key = encodeURIComponent(ctx.key("path-form"));
      const set = await ctx.kvRequest({ method: "GET", path: `/set/${key}/bar` });
      checkEqual(set.json(), { result: "OK" }, "GET /set");
      const put = await ctx.kvRequest({ method: "PUT", path: `/append/${key}/baz` });
      checkEqual(put.json(), { result: 6 }, "PUT /append");
      const head = await ctx.kvRequest({ method: "HEAD", path: `/get/${key}` });
      check(head.status === 200, `HEAD /get: status ${head.status}`);
      const get = await ctx.kvRequest({ method: "POST", path: `/GeT/${key}` });
      checkEqual(get.json(), { result: "barbaz" }, "POST /GeT (case-insensitive name)");
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "path segments are percent-decoded",
    spec: "kv-rest-wire.md §2.3",
    run: async (ctx) => {
      const key = ctx.key("percent");
      await ctx.kvRequest({ path: `/set/${encodeURIComponent(key)}/hello%20world%2Fx` });
      checkEqual((await ctx.kvCommand(["GET", key])).json(), { result: "hello world/x" }, "GET");
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "a POST body is the last argument and query pairs follow it",
    spec: "kv-rest-wire.md §2.3",
    run: async (ctx) => {
      const key = ctx.key("body-form");
      const set = await ctx.kvRequest({
        path: `/set/${encodeURIComponent(key)}?EX=100`,
        body: '{"raw": "json stays text"}',
      });
      checkEqual(set.json(), { result: "OK" }, "POST /set?EX=100");
      const get = await ctx.kvCommand(["GET", key]);
      checkEqual(get.json(), { result: '{"raw": "json stays text"}' }, "GET");
      const ttl = (await ctx.kvCommand(["TTL", key])).json() as { result: number };
      check(ttl.result > 0 && ttl.result <= 100, `TTL after EX=100: ${JSON.stringify(ttl)}`);
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "the _token query parameter authenticates and is not an argument",
    spec: "kv-rest-wire.md §2.3, §4",
    run: async (ctx) => {
      const key = encodeURIComponent(ctx.key("query-token"));
      const reply = await ctx.kvRequest({
        method: "GET",
        path: `/set/${key}/v?_token=${encodeURIComponent(ctx.kv.token)}`,
        token: null,
      });
      checkEqual(reply.json(), { result: "OK" }, `GET /set?_token (${describe(reply)})`);
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "a JSON body with a charset content type is accepted",
    spec: "kv-rest-wire.md §2.2",
    run: async (ctx) => {
      const reply = await ctx.kvRequest({
        path: "/",
        headers: { "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify(["ECHO", "hi"]),
      });
      checkEqual(reply.json(), { result: "hi" }, "ECHO");
    },
  }),
];
