/** The error hierarchy, retries, timeouts, aborts and the read-your-writes token. */
import { startEmulator, type TestEmulator } from "@stratus/testing";
import { afterAll, beforeAll, describe, test } from "vitest";
import {
  AbortError,
  CommandError,
  createKv,
  HttpError,
  NetworkError,
  ResponseShapeError,
  StratusError,
  TimeoutError,
  UsageError,
} from "../src/index.ts";
import { closedPortUrl, startScriptedServer } from "./support-server.ts";

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.stop();
});

describe("server errors", () => {
  test("a command's failure is a CommandError with the command and the server's line", async ({
    expect,
  }) => {
    await using kv = createKv({ url: emu.url, token: emu.token });
    await kv.set("errors:text", "abc");
    const error = await kv.incr("errors:text").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CommandError);
    expect(error).toBeInstanceOf(StratusError);
    expect(error).toMatchObject({
      code: "COMMAND_FAILED",
      status: 400,
      command: ["INCR", "errors:text"],
      serverMessage: "ERR value is not an integer or out of range",
    });
  });

  test("in resp2 mode, a failed command's -ERR bytes give the same CommandError", async ({
    expect,
  }) => {
    await using kv = createKv({ url: emu.url, token: emu.token, responseFormat: "resp2" });
    await kv.set("errors:resp2", "abc");
    await expect(kv.incr("errors:resp2")).rejects.toMatchObject({
      status: 400,
      serverMessage: "ERR value is not an integer or out of range",
    });
    // Request-level failures stay JSON (kv-rest-wire.md §7).
    await using stranger = createKv({ url: emu.url, token: "wrong", responseFormat: "resp2" });
    await expect(stranger.get("k")).rejects.toBeInstanceOf(HttpError);
  });

  test("a wrong token is an HttpError 401 with the service's message", async ({ expect }) => {
    await using kv = createKv({ url: emu.url, token: "wrong" });
    const error = await kv.get("k").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 401,
      serverMessage: "WRONGPASS invalid or missing auth token",
    });
  });

  test("the read-only token is refused writes with NOPERM", async ({ expect }) => {
    await using kv = createKv({ url: emu.url, token: emu.readOnlyToken });
    await expect(kv.set("k", "v")).rejects.toThrow(/NOPERM/);
    expect(await kv.get("never-written")).toBeNull();
  });

  test("a body that is not JSON is a ResponseShapeError", async ({ expect }) => {
    await using server = await startScriptedServer((_request, response) => {
      response.writeHead(200).end("<html>");
    });
    await using kv = createKv({ url: server.url, token: "t" });
    await expect(kv.get("k")).rejects.toBeInstanceOf(ResponseShapeError);
  });

  test("an invalid base URL is refused at once", ({ expect }) => {
    expect(() => createKv({ url: "localhost:8080", token: "t" })).toThrow(UsageError);
  });
});

describe("retries", () => {
  test("network errors are retried with backoff, then surface as NetworkError", async ({
    expect,
  }) => {
    const waits: number[] = [];
    await using kv = createKv({
      url: await closedPortUrl(),
      token: "t",
      retry: {
        retries: 3,
        backoff: (attempt) => {
          waits.push(attempt);
          return 0;
        },
      },
    });
    const error = await kv.get("k").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ attempts: 4, code: "NETWORK" });
    expect(waits).toEqual([0, 1, 2]);
  });

  test("retry: false makes one attempt", async ({ expect }) => {
    await using kv = createKv({ url: await closedPortUrl(), token: "t", retry: false });
    await expect(kv.get("k")).rejects.toMatchObject({ attempts: 1 });
  });

  test("an HTTP error answer is never retried", async ({ expect }) => {
    await using server = await startScriptedServer((_request, response) => {
      response.writeHead(503, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: "backend down" }));
    });
    await using kv = createKv({ url: server.url, token: "t", retry: { backoff: () => 0 } });
    await expect(kv.get("k")).rejects.toMatchObject({ status: 503, serverMessage: "backend down" });
    expect(server.requests).toHaveLength(1);
  });
});

describe("timeouts and aborts", () => {
  test("timeoutMs gives a TimeoutError, distinct from an abort", async ({ expect }) => {
    await using server = await startScriptedServer(() => undefined); // never answers
    await using kv = createKv({ url: server.url, token: "t", timeoutMs: 50 });
    const error = await kv.get("k").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).not.toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ code: "TIMEOUT", timeoutMs: 50 });
  });

  test("an AbortSignal fired in flight gives an AbortError carrying the reason", async ({
    expect,
  }) => {
    await using server = await startScriptedServer(() => undefined);
    await using kv = createKv({ url: server.url, token: "t", timeoutMs: 10_000 });
    const controller = new AbortController();
    const pending = kv.with({ signal: controller.signal }).get("k");
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort("user gave up");
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ code: "ABORTED", cause: "user gave up" });
  });

  test("an already aborted signal sends nothing", async ({ expect }) => {
    await using server = await startScriptedServer((_request, response) => {
      response.end('{"result":null}');
    });
    await using kv = createKv({ url: server.url, token: "t" });
    const error = await kv
      .with({ signal: AbortSignal.abort() })
      .get("k")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(0);
  });

  test("a per-call timeout applies to pipelines too", async ({ expect }) => {
    await using server = await startScriptedServer(() => undefined);
    await using kv = createKv({ url: server.url, token: "t" });
    await expect(kv.pipeline().get("k").exec({ timeoutMs: 30 })).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });
});

describe("read-your-writes", () => {
  const answerWithToken = (token: string) =>
    startScriptedServer((_request, response) => {
      response.writeHead(200, { "upstash-sync-token": token });
      response.end('{"result":"OK"}');
    });

  test("the last sync token is sent with the next request", async ({ expect }) => {
    await using server = await answerWithToken("token-7");
    await using kv = createKv({ url: server.url, token: "t" });
    await kv.set("a", "1");
    await kv.set("a", "2");
    expect(server.requests[0]?.["upstash-sync-token"]).toBeUndefined();
    expect(server.requests[1]?.["upstash-sync-token"]).toBe("token-7");
    expect(kv.syncToken).toBe("token-7");
  });

  test("readYourWrites: false sends no token", async ({ expect }) => {
    await using server = await answerWithToken("token-7");
    await using kv = createKv({ url: server.url, token: "t", readYourWrites: false });
    await kv.set("a", "1");
    await kv.set("a", "2");
    expect(server.requests[1]?.["upstash-sync-token"]).toBeUndefined();
  });

  test("the emulator changes the token on every response", async ({ expect }) => {
    await using kv = createKv({ url: emu.url, token: emu.token });
    await kv.set("ryw", "1");
    const first = kv.syncToken;
    await kv.get("ryw");
    expect(kv.syncToken).not.toBe(first);
  });
});
