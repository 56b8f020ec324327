/**
 * Response rules (interfaces.md "Response rules" 1–5; kv-rest-wire.md §1, §5, §6, §7): JSON shapes,
 * the base64 rule, invalid UTF-8, the RESP2 format and the header aliases.
 */
import { test } from "vitest";
import {
  type CallResult,
  call,
  command,
  describeTransports,
  hasCommand,
  startEmulator,
} from "./fixtures/transports.ts";

/** Both names of each header pair (kv-rest-wire.md §1). */
const ENCODING_NAMES = ["Upstash-Encoding", "Service-Encoding"] as const;
const FORMAT_NAMES = ["Upstash-Response-Format", "Service-Response-Format"] as const;

const b64 = (text: string | Uint8Array): string => Buffer.from(text).toString("base64");

function bodyOf(response: CallResult): [number, unknown] {
  return [response.status, response.json()];
}

describeTransports("the base64 rule (§6)", (kind) => {
  test.for(ENCODING_NAMES)("%s: §6.3 examples", async (header, { expect }) => {
    await using server = await startEmulator(kind);
    const headers = { [header]: "base64" };
    // SET foo bar → "OK" unencoded; GET foo → base64; GET missing → null; PING → base64 of PONG
    expect(bodyOf(await command(server, ["SET", "foo", "bar"], { headers }))).toEqual([
      200,
      { result: "OK" },
    ]);
    expect((await command(server, ["GET", "foo"], { headers })).text).toBe('{"result":"YmFy"}');
    expect((await command(server, ["GET", "missing"], { headers })).text).toBe('{"result":null}');
    expect((await command(server, ["PING"], { headers })).text).toBe('{"result":"UE9ORw=="}');
    expect((await command(server, ["DEL", "foo"], { headers })).text).toBe('{"result":1}');
  });

  test("a bulk OK (a value, not the status) is encoded", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await command(server, ["SET", "k", "OK"]);
    const response = await command(server, ["GET", "k"], {
      headers: { "upstash-encoding": "base64" },
    });
    expect(response.text).toBe('{"result":"T0s="}');
  });

  test("PING with a message is a bulk string and encoded", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["PING", "OK"], {
      headers: { "upstash-encoding": "base64" },
    });
    expect(response.text).toBe('{"result":"T0s="}');
  });

  test("each pipeline entry follows the top-level rule; errors are never encoded", async ({
    expect,
  }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/pipeline", {
      body: [["SET", "foo", "bar"], ["GET", "foo"], ["PING"], ["NOPE"]],
      headers: { "service-encoding": "base64" },
    });
    expect(response.text).toBe(
      '[{"result":"OK"},{"result":"YmFy"},{"result":"UE9ORw=="},' +
        '{"error":"ERR unknown command \'NOPE\', with args beginning with: "}]',
    );
  });

  test("a command error is not encoded", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["GET"], { headers: { "upstash-encoding": "base64" } });
    expect(bodyOf(response)).toEqual([
      400,
      { error: "ERR wrong number of arguments for 'get' command" },
    ]);
  });

  test.for(["BASE64", "Base64"])("the value %s is case-insensitive", async (value, { expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["PING"], { headers: { "upstash-encoding": value } });
    expect(response.json()).toEqual({ result: "UE9ORw==" });
  });

  test.for(["none", "utf8", ""])(
    "any other value (%j) means no encoding",
    async (value, { expect }) => {
      await using server = await startEmulator(kind);
      const response = await command(server, ["PING"], { headers: { "upstash-encoding": value } });
      expect(response.json()).toEqual({ result: "PONG" });
    },
  );

  test.skipIf(!hasCommand("MGET"))("MGET foo missing → [base64, null]", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await command(server, ["SET", "foo", "bar"]);
    const response = await command(server, ["MGET", "foo", "missing"], {
      headers: { "upstash-encoding": "base64" },
    });
    expect(response.text).toBe('{"result":["YmFy",null]}');
  });

  test.skipIf(!hasCommand("INCR"))("INCR n → a number", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["INCR", "n"], {
      headers: { "upstash-encoding": "base64" },
    });
    expect(response.text).toBe('{"result":1}');
  });

  test.skipIf(!hasCommand("SCAN"))("SCAN 0 → every string encoded at depth", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await command(server, ["SET", "foo", "bar"]);
    const response = await command(server, ["SCAN", "0"], {
      headers: { "upstash-encoding": "base64" },
    });
    expect(response.text).toBe('{"result":["MA==",["Zm9v"]]}');
  });

  test.skipIf(!hasCommand("HGET"))(
    "pipeline SET, GET, HGET on a string (§6.3)",
    async ({ expect }) => {
      await using server = await startEmulator(kind);
      const response = await call(server, "/pipeline", {
        body: [
          ["SET", "foo", "bar"],
          ["GET", "foo"],
          ["HGET", "foo", "f"],
        ],
        headers: { "upstash-encoding": "base64" },
      });
      expect(response.text).toBe(
        '[{"result":"OK"},{"result":"YmFy"},' +
          '{"error":"WRONGTYPE Operation against a key holding the wrong kind of value"}]',
      );
    },
  );

  test.skipIf(!hasCommand("INCRBY"))(
    "integers past 2^53 keep their exact digits",
    async ({ expect }) => {
      await using server = await startEmulator(kind);
      await command(server, ["SET", "n", "9007199254740993"]);
      const response = await command(server, ["INCRBY", "n", "1"]);
      expect(response.text).toBe('{"result":9007199254740994}');
    },
  );
});

describeTransports("invalid UTF-8 (interfaces.md rule 2, §5.2)", (kind) => {
  test("becomes U+FFFD without base64 and stays exact with it", async ({ expect }) => {
    await using server = await startEmulator(kind);
    // Given a value "hé" followed by the invalid byte 0xFF
    await call(server, "/set/k/h%C3%A9%FF");
    // Then JSON text replaces the byte, base64 carries it
    expect((await command(server, ["GET", "k"])).json()).toEqual({ result: "hé\uFFFD" });
    const encoded = await command(server, ["GET", "k"], {
      headers: { "upstash-encoding": "base64" },
    });
    expect(encoded.json()).toEqual({ result: b64(Uint8Array.of(0x68, 0xc3, 0xa9, 0xff)) });
  });

  test("applies inside pipelines too", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await call(server, "/set/k/%80");
    const response = await call(server, "/pipeline", { body: [["GET", "k"]] });
    expect(response.json()).toEqual([{ result: "\uFFFD" }]);
  });
});

describeTransports("the RESP2 response format (§7)", (kind) => {
  test.for(FORMAT_NAMES)("%s: resp2 sends the raw reply bytes", async (header, { expect }) => {
    await using server = await startEmulator(kind);
    const headers = { [header]: "resp2" };
    const set = await command(server, ["SET", "foo", "bar"], { headers });
    expect(set.status).toBe(200);
    expect(set.headers.get("content-type")).toBe("application/octet-stream");
    expect(set.text).toBe("+OK\r\n");
    expect((await command(server, ["GET", "foo"], { headers })).text).toBe("$3\r\nbar\r\n");
    expect((await command(server, ["GET", "missing"], { headers })).text).toBe("$-1\r\n");
    expect((await command(server, ["DEL", "foo"], { headers })).text).toBe(":1\r\n");
  });

  test("binary values are sent byte for byte", async ({ expect }) => {
    await using server = await startEmulator(kind);
    await call(server, "/set/k/%FF%00");
    const response = await call(server, "/get/k", {
      headers: { "upstash-response-format": "resp2" },
    });
    expect([...response.bytes]).toEqual([...Buffer.from("$2\r\n"), 0xff, 0x00, 0x0d, 0x0a]);
  });

  test("a failed command is 400 with the -ERR bytes", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["GET"], {
      headers: { "upstash-response-format": "resp2" },
    });
    expect(response.status).toBe(400);
    expect(response.text).toBe("-ERR wrong number of arguments for 'get' command\r\n");
  });

  test("/pipeline concatenates the replies", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await call(server, "/pipeline", {
      body: [["SET", "k", "v"], ["GET", "k"], ["NOPE"]],
      headers: { "upstash-response-format": "resp2" },
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe(
      "+OK\r\n$1\r\nv\r\n-ERR unknown command 'NOPE', with args beginning with: \r\n",
    );
  });

  test.for(["json", "JSON"])("%s is the default JSON", async (value, { expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["PING"], {
      headers: { "upstash-response-format": value },
    });
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.json()).toEqual({ result: "PONG" });
  });

  test.for(["xml", "resp3", ""])("any other value (%j) is 400 JSON", async (value, { expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["PING"], {
      headers: { "service-response-format": value },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.json()).toEqual({ error: expect.stringMatching(/^ERR /) });
  });

  test.for([
    ["Upstash-Encoding", "Upstash-Response-Format"],
    ["Service-Encoding", "Service-Response-Format"],
    ["Upstash-Encoding", "Service-Response-Format"],
  ] as const)("base64 (%s) with resp2 (%s) is 400 JSON", async ([encoding, format], { expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["PING"], {
      headers: { [encoding]: "base64", [format]: "resp2" },
    });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^ERR /) });
  });

  test("the docs' misspelt Upstash-Reponse-Format has no effect", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["PING"], {
      headers: { "upstash-reponse-format": "resp2" },
    });
    expect(response.json()).toEqual({ result: "PONG" });
  });

  test("request-level failures stay JSON", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["PING"], {
      token: "wrong",
      headers: { "upstash-response-format": "resp2" },
    });
    expect(bodyOf(response)).toEqual([401, { error: "WRONGPASS invalid or missing auth token" }]);
  });
});

describeTransports("header aliases (§1)", (kind) => {
  test.for([
    [{ "upstash-encoding": "base64", "service-encoding": "none" }, "encoding"],
    [{ "upstash-response-format": "json", "service-response-format": "resp2" }, "format"],
  ] as const)("conflicting values are 400: %j", async ([headers], { expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["PING"], { headers });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^ERR conflicting/) });
  });

  test("the same value under both names, in any case, is accepted", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["PING"], {
      headers: { "Upstash-Encoding": "base64", "SERVICE-ENCODING": "BASE64" },
    });
    expect(bodyOf(response)).toEqual([200, { result: "UE9ORw==" }]);
  });

  test("header names are case-insensitive", async ({ expect }) => {
    await using server = await startEmulator(kind);
    const response = await command(server, ["GET", "x"], {
      headers: { "UPSTASH-RESPONSE-FORMAT": "resp2" },
    });
    expect(response.text).toBe("$-1\r\n");
  });
});
