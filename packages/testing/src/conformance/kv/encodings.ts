/**
 * Response encodings (kv-rest-wire.md §5.2, §6, §7): base64 of every string except a top-level
 * `OK`, under both header names; raw RESP2 bytes; U+FFFD for invalid UTF-8 in JSON.
 */
import { encodeBase64, utf8Encode } from "@stratus/core/base64";
import { REST_HEADER_ALIASES, RestHeaders } from "@stratus/core/rest";
import { defineCheck } from "../check.ts";
import { check, checkEqual } from "../errors.ts";
import { describe } from "../http.ts";

const b64 = (text: string): string => encodeBase64(utf8Encode(text));

export const encodingChecks = REST_HEADER_ALIASES.ENCODING.map((header) =>
  defineCheck({
    area: "kv",
    group: "encodings",
    name: `${header}: base64 encodes every string except a top-level OK`,
    spec: "kv-rest-wire.md §6.1, §6.3",
    run: async (ctx) => {
      const key = ctx.key(`base64-${header}`);
      const missing = ctx.key("base64-missing");
      const reply = await ctx.kvRequest({
        path: "/pipeline",
        headers: { [header]: "base64" },
        json: [
          ["SET", key, "bar"],
          ["GET", key],
          ["GET", missing],
          ["STRLEN", key],
          ["MGET", key, missing],
          ["ECHO", "OK"],
          ["HGET", key, "f"],
        ],
      });
      checkEqual(
        reply.json(),
        [
          { result: "OK" },
          { result: b64("bar") },
          { result: null },
          { result: 3 },
          { result: [b64("bar"), null] },
          // ECHO OK is a bulk string, not the status: only the status is left unencoded.
          { result: b64("OK") },
          { error: "WRONGTYPE Operation against a key holding the wrong kind of value" },
        ],
        "pipeline entries",
      );
      const ping = await ctx.kvRequest({
        path: "/",
        headers: { [header]: "base64" },
        json: ["PING"],
      });
      checkEqual(ping.json(), { result: b64("PONG") }, "PING (a status other than OK)");
    },
  }),
);

export const formatChecks = [
  defineCheck({
    area: "kv",
    group: "encodings",
    name: "base64 keeps bytes that are not UTF-8; JSON shows them as U+FFFD",
    spec: "kv-rest-wire.md §5.2, §6.2",
    run: async (ctx) => {
      const key = encodeURIComponent(ctx.key("binary"));
      await ctx.kvRequest({ path: `/set/${key}/a%FFb` });
      const plain = await ctx.kvRequest({ path: `/get/${key}` });
      checkEqual(plain.json(), { result: "a\uFFFDb" }, "GET without encoding");
      const encoded = await ctx.kvRequest({
        path: `/get/${key}`,
        headers: { [RestHeaders.ENCODING]: "base64" },
      });
      checkEqual(encoded.json(), { result: "Yf9i" }, "GET with base64");
    },
  }),
  defineCheck({
    area: "kv",
    group: "encodings",
    name: "resp2 format answers raw RESP2 bytes as application/octet-stream",
    spec: "kv-rest-wire.md §7",
    run: async (ctx) => {
      const key = ctx.key("resp2");
      for (const header of REST_HEADER_ALIASES.RESPONSE_FORMAT) {
        const set = await ctx.kvRequest({
          path: "/",
          headers: { [header]: "resp2" },
          json: ["SET", key, "bar"],
        });
        checkEqual(set.text, "+OK\r\n", `${header}: SET`);
        const get = await ctx.kvRequest({
          path: "/",
          headers: { [header]: "resp2" },
          json: ["GET", key],
        });
        checkEqual(get.text, "$3\r\nbar\r\n", `${header}: GET`);
        const type = get.headers.get("content-type") ?? "";
        check(type.startsWith("application/octet-stream"), `${header}: content type ${type}`);
      }
    },
  }),
  defineCheck({
    area: "kv",
    group: "encodings",
    name: "an unknown response format, or resp2 with base64, is a 400",
    spec: "kv-rest-wire.md §7",
    run: async (ctx) => {
      const unknown = await ctx.kvRequest({
        path: "/",
        headers: { [RestHeaders.RESPONSE_FORMAT]: "xml" },
        json: ["PING"],
      });
      check(unknown.status === 400, `format xml: ${describe(unknown)}`);
      const both = await ctx.kvRequest({
        path: "/",
        headers: { [RestHeaders.RESPONSE_FORMAT]: "resp2", [RestHeaders.ENCODING]: "base64" },
        json: ["PING"],
      });
      check(both.status === 400, `resp2 + base64: ${describe(both)}`);
      check(typeof (both.json() as { error?: unknown }).error === "string", "no error field");
    },
  }),
];
