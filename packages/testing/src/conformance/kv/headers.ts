/**
 * Response headers (kv-rest-wire.md §5.1, §10): JSON content type and a read-your-writes token
 * on every response that changes after each write.
 */
import { RestHeaders } from "@stratus/core/rest";
import { defineCheck } from "../check.ts";
import { check } from "../errors.ts";

const SYNC_TOKEN = RestHeaders.SYNC_TOKEN;

export const headerChecks = [
  defineCheck({
    area: "kv",
    group: "headers",
    name: "JSON responses are application/json, errors included",
    spec: "interfaces.md Response rules 1; kv-rest-wire.md §5.1",
    run: async (ctx) => {
      for (const argv of [["PING"], ["NOSUCHCOMMAND"]]) {
        const reply = await ctx.kvCommand(argv);
        const type = reply.headers.get("content-type") ?? "";
        check(type.startsWith("application/json"), `${argv[0]}: content type ${type}`);
        reply.json();
      }
    },
  }),
  defineCheck({
    area: "kv",
    group: "headers",
    name: "Upstash-Sync-Token is sent and changes after every write",
    spec: "kv-rest-wire.md §10",
    run: async (ctx) => {
      const key = ctx.key("sync-token");
      const seen = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const reply = await ctx.kvRequest({
          path: "/",
          json: ["SET", key, String(i)],
          headers: { [SYNC_TOKEN]: [...seen].at(-1) ?? "" },
        });
        const token = reply.headers.get(SYNC_TOKEN);
        check(token !== null, "no Upstash-Sync-Token header on a write response");
        check(!seen.has(token), `the token ${token} did not change after a write`);
        seen.add(token);
      }
    },
  }),
];
