import { describe, test } from "vitest";
import { parseBasicAuth, parseBearerToken, tokenFromRequest } from "./header.ts";

/** `btoa` of the UTF-8 bytes of `text`. */
const basic = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes));
};

describe("parseBearerToken", () => {
  test.for([
    ["Bearer abc", "abc"],
    ["bearer abc", "abc"],
    ["BEARER abc", "abc"],
    ["Bearer   abc  ", "abc"],
    ["Bearer\tabc", "abc"],
    [
      "Bearer AYNgAS2553feg6a2d9842h2a0gcdb5f8efe9934DQ=",
      "AYNgAS2553feg6a2d9842h2a0gcdb5f8efe9934DQ=",
    ],
    ["Bearer my-token_1.2~3+/=", "my-token_1.2~3+/="],
  ] as const)("reads %j", ([header, token], { expect }) => {
    expect(parseBearerToken(header)).toBe(token);
  });

  test.for([
    undefined,
    null,
    "",
    "Bearer",
    "Bearer ",
    "Bearerabc",
    "Basic abc",
    "Bearer a b",
    " Bearer abc",
    "Bearer abc\n",
    "Bearer é",
  ])("rejects %j", (header, { expect }) => {
    expect(parseBearerToken(header)).toBeUndefined();
  });
});

describe("parseBasicAuth", () => {
  test("reads user and password", ({ expect }) => {
    expect(parseBasicAuth(`Basic ${basic("user:pass")}`)).toEqual({
      username: "user",
      password: "pass",
    });
  });

  test("keeps colons in the password and allows empty parts", ({ expect }) => {
    expect(parseBasicAuth(`basic ${basic("me@example.com:a:b:")}`)).toEqual({
      username: "me@example.com",
      password: "a:b:",
    });
    expect(parseBasicAuth(`Basic ${basic(":")}`)).toEqual({ username: "", password: "" });
  });

  test("decodes UTF-8 credentials (RFC 7617 §2.1)", ({ expect }) => {
    expect(parseBasicAuth(`Basic ${basic("jöhn:pässwörd")}`)).toEqual({
      username: "jöhn",
      password: "pässwörd",
    });
  });

  test.for([
    undefined,
    null,
    "",
    "Basic",
    `Bearer ${basic("u:p")}`,
    `Basic ${basic("no colon")}`,
    `Basic ${basic("user:pas").replace(/=+$/, "")}`,
    "Basic dXNlcjpwYXNz!",
    "Basic dXNl cjpwYXNz",
    `Basic ${btoa("user:\xff")}`,
  ])("rejects %j", (header, { expect }) => {
    expect(parseBasicAuth(header)).toBeUndefined();
  });
});

describe("tokenFromRequest", () => {
  test("reads the bearer header or the _token query parameter (spec/kv-rest-wire.md §4)", ({
    expect,
  }) => {
    expect(tokenFromRequest({ authorization: "Bearer h" })).toBe("h");
    expect(tokenFromRequest({ queryToken: "q" })).toBe("q");
    expect(tokenFromRequest({ authorization: "Bearer h", queryToken: "q" })).toBe("h");
  });

  test("falls back to the query token when the header is not a bearer token", ({ expect }) => {
    expect(tokenFromRequest({ authorization: "Basic abc=", queryToken: "q" })).toBe("q");
  });

  test("finds no token in empty sources", ({ expect }) => {
    expect(tokenFromRequest({})).toBeUndefined();
    expect(tokenFromRequest({ authorization: null, queryToken: "" })).toBeUndefined();
    expect(tokenFromRequest({ authorization: "Bearer ", queryToken: null })).toBeUndefined();
  });
});
