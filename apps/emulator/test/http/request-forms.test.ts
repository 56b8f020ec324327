/**
 * The request forms of the key-value REST interface (kv-rest-wire.md §2, §3, §5.1, §12;
 * interfaces.md "Key-value REST interface" table): path form, JSON body at `/`, `/pipeline` and
 * `/multi-exec`.
 */
import { test } from "vitest";
import { ManualClock } from "../../src/engine/index.ts";
import { call, command, describeTransports, startEmulator, TOKEN } from "./fixtures/transports.ts";

const BASE64 = { "upstash-encoding": "base64" };

describeTransports("path form (§2.3)", (kind) => {
  test("runs the decoded segments as a command, name case-insensitive", async ({ expect }) => {
    await using server = await startEmulator(kind);
    // When a command is sent in the path
    const set = await call(server, "/SeT/foo/bar");
    const get = await call(server, "/get/foo");
    // Then it runs as SET foo bar
    expect([set.status, set.json()]).toEqual([200, { result: "OK" }]);
    expect([get.status, get.json()]).toEqual([200, { result: "bar" }]);
    expect(get.headers.get("content-type")).toBe("application/json");
  });

  test("percent-decodes each segment to bytes, %2F and binary %FF included", async ({ expect }) => {
    await using server = await startEmulator(kind);
    // Given keys and values with escaped characters
    await call(server, "/set/a%20b/c%2Fd");
    await call(server, "/set/bin/%FF%00A%e9");
    // Then the JSON form sees the decoded names and exact bytes
    expect((await command(server, ["GET", "a b"])).json()).toEqual({ result: "c/d" });
    const binary = await command(server, ["GET", "bin"], { headers: BASE64 });
    expect(binary.json()).toEqual({
      result: Buffer.from([0xff, 0x00, 0x41, 0xe9]).toString("base64"),
    });
  });

  test.for(["POST", "PUT"])(
    "%s appends the raw body as one argument",
    async (method, { expect }) => {
      await using server = await startEmulator(kind);
      // When the value is the body, JSON-looking or not
      const response = await call(server, "/set/doc", { method, body: '{"a": [1, 2]}' });
      // Then it is stored as is, not parsed
      expect(response.json()).toEqual({ result: "OK" });
      expect((await command(server, ["GET", "doc"])).json()).toEqual({ result: '{"a": [1, 2]}' });
    },
  );

  test("appends binary body bytes exactly", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const bytes = Uint8Array.of(0, 0xff, 0x0d, 0x0a, 0x80);
    await call(server, "/set/raw", { method: "POST", body: bytes });
    const response = await command(server, ["GET", "raw"], { headers: BASE64 });
    expect(response.json()).toEqual({ result: Buffer.from(bytes).toString("base64") });
  });

  test("appends query NAME=value pairs after the body, in order", async ({ expect }) => {
    const clock = new ManualClock();
    await using server = await startEmulator(kind, { clock });
    // Given SET with its options in the query: SET foo bar EX 100 (kv-rest-wire.md §2.3 example)
    const set = await call(server, "/set/foo?EX=100", { method: "POST", body: "bar" });
    expect(set.json()).toEqual({ result: "OK" });
    // Then the key expires after 100 s
    clock.advance(99_000);
    expect((await call(server, "/get/foo")).json()).toEqual({ result: "bar" });
    clock.advance(1_000);
    expect((await call(server, "/get/foo")).json()).toEqual({ result: null });
  });

  test("a query name with an empty value adds only the name", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await call(server, "/set/k/old");
    // When `?GET` and `?NX=` name flags: SET k new GET, SET k newer NX
    const get = await call(server, "/set/k/new?GET");
    const nx = await call(server, "/set/k/newer?NX=");
    // Then the flags took effect
    expect(get.json()).toEqual({ result: "old" });
    expect(nx.json()).toEqual({ result: null });
    expect((await call(server, "/get/k")).json()).toEqual({ result: "new" });
  });

  test("query pairs are form-decoded: %XX to bytes and + to a space", async ({ expect }) => {
    const clock = new ManualClock();
    await using server = await startEmulator(kind, { clock });
    // `%45X` is EX; the value `1+0` would be "1 0", an invalid integer
    expect((await call(server, "/set/k/v?%45X=10")).json()).toEqual({ result: "OK" });
    const bad = await call(server, "/set/k/v?EX=1+0");
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ error: "ERR value is not an integer or out of range" });
  });

  test("_token authenticates and is not an argument", async ({ expect }) => {
    await using server = await startEmulator(kind);
    // SET k v _token … would be a syntax error
    const response = await call(server, `/set/k/v?_token=${TOKEN}`, { token: null });
    expect([response.status, response.json()]).toEqual([200, { result: "OK" }]);
  });

  test("an empty query string adds nothing: /get/k?", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await call(server, "/set/k/v");
    expect((await call(server, "/get/k?")).json()).toEqual({ result: "v" });
  });
});

describeTransports("JSON command at / (§3)", (kind) => {
  test.for([
    [1.5, "1.5"],
    [true, "true"],
    [false, "false"],
    [1e21, "1e+21"],
    [-0, "0"],
    [100, "100"],
    ['{"a":1}', '{"a":1}'],
  ] as const)(
    "the argument %j is stored as String(value) %j",
    async ([value, stored], { expect }) => {
      await using server = await startEmulator(kind);
      expect((await command(server, ["set", "k", value])).json()).toEqual({ result: "OK" });
      expect((await command(server, ["GET", "k"])).json()).toEqual({ result: stored });
    },
  );

  test.for([
    "application/json",
    "application/json; charset=utf-8",
    "application/x-www-form-urlencoded",
    "text/plain",
  ])("reads the body as JSON whatever the content type: %s", async (type, { expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["PING"], { headers: { "content-type": type } });
    expect(response.json()).toEqual({ result: "PONG" });
  });

  test.for([
    ["an empty body", ""],
    ["invalid JSON", '["SET",'],
    ["an object", '{"command":"PING"}'],
    ["a string", '"PING"'],
    ["null", "null"],
    ["an empty array", "[]"],
    ["a number first", '[1, "a"]'],
    ["an array argument", '["SET", "k", ["v"]]'],
    ["an object argument", '["SET", "k", {"v": 1}]'],
    ["a null argument", '["SET", "k", null]'],
  ])("answers 400 with a JSON error for %s", async ([, body], { expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/", { method: "POST", body });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.json()).toEqual({ error: expect.stringMatching(/^ERR /) });
  });

  test("a command error is 400 with the Redis error line", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["GET"]);
    expect([response.status, response.json()]).toEqual([
      400,
      { error: "ERR wrong number of arguments for 'get' command" },
    ]);
  });

  test("an unknown command is 400 with Redis's text", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["NOPE", "a"]);
    expect([response.status, response.json()]).toEqual([
      400,
      { error: "ERR unknown command 'NOPE', with args beginning with: 'a' " },
    ]);
  });
});

/** Each entry has exactly one of `result` and `error` (§5.1). */
function entryKeys(body: unknown): string[][] {
  return (body as Record<string, unknown>[]).map((entry) => Object.keys(entry));
}

describeTransports("/pipeline (§5.1)", (kind) => {
  test("answers one entry per command, in order", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/pipeline", {
      body: [
        ["SET", "k", "v"],
        ["GET", "k"],
        ["GET", "missing"],
        ["DEL", "k", "missing"],
      ],
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual([
      { result: "OK" },
      { result: "v" },
      { result: null },
      { result: 1 },
    ]);
  });

  test("a failed entry is {error} and the others still run; no entry has both keys", async ({
    expect,
  }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/pipeline", {
      body: [["SET", "k", "v"], ["NOPE"], ["GET"], ["SET", "k", "w", "EX", "0"], ["GET", "k"]],
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe(
      '[{"result":"OK"},' +
        '{"error":"ERR unknown command \'NOPE\', with args beginning with: "},' +
        '{"error":"ERR wrong number of arguments for \'get\' command"},' +
        '{"error":"ERR invalid expire time in \'set\' command"},' +
        '{"result":"v"}]',
    );
    expect(entryKeys(response.json())).toEqual([
      ["result"],
      ["error"],
      ["error"],
      ["error"],
      ["result"],
    ]);
  });

  test.for([
    ["an empty array", "[]"],
    ["a one-dimensional array", '["SET", "k", "v"]'],
    ["a non-array entry", '[["PING"], 5]'],
    ["an empty entry", '[["PING"], []]'],
    ["an object", '{"a": 1}'],
    ["invalid JSON", '[["PING"]'],
  ])("answers 400 JSON for %s", async ([, body], { expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/pipeline", { method: "POST", body });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^ERR /) });
  });
});

describeTransports("/multi-exec (§12)", (kind) => {
  test("runs the commands and answers an array", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/multi-exec", {
      body: [["SET", "k", "v"], ["GET", "k"], ["PING"]],
      headers: BASE64,
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual([{ result: "OK" }, { result: "dg==" }, { result: "UE9ORw==" }]);
  });

  test("an unknown command discards the transaction: 400 with one error", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/multi-exec", {
      body: [["SET", "k", "v"], ["NOPE", "x"], ["GET"]],
    });
    // Then one error object, the first command that failed to queue
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      error: "ERR unknown command 'NOPE', with args beginning with: 'x' ",
    });
    // And nothing ran
    expect((await command(server, ["GET", "k"])).json()).toEqual({ result: null });
  });

  test("a wrong arity discards the transaction", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/multi-exec", { body: [["SET", "k", "v"], ["GET"]] });
    expect([response.status, response.json()]).toEqual([
      400,
      { error: "ERR wrong number of arguments for 'get' command" },
    ]);
  });

  test("a runtime error stays in its entry and the others run", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/multi-exec", {
      body: [
        ["SET", "a", "1"],
        ["SET", "b", "2", "EX", "0"],
        ["GET", "a"],
      ],
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual([
      { result: "OK" },
      { error: "ERR invalid expire time in 'set' command" },
      { result: "1" },
    ]);
    expect(entryKeys(response.json())).toEqual([["result"], ["error"], ["result"]]);
  });

  test("answers JSON even when resp2 is asked for (interfaces.md rule 5)", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/multi-exec", {
      body: [["SET", "k", "v"]],
      headers: { "upstash-response-format": "resp2" },
    });
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.json()).toEqual([{ result: "OK" }]);
  });

  test.for([
    ["an empty array", "[]"],
    ["a one-dimensional array", '["SET", "k", "v"]'],
    ["a bad argument", '[["SET", "k", null]]'],
  ])("answers 400 JSON for %s", async ([, body], { expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/multi-exec", { method: "POST", body });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^ERR /) });
  });
});
