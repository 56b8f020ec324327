/**
 * `http/fetch.ts` on its own: how a Web `Request` reaches the handler and how the answer comes
 * back, including aborts, which the SDK uses to unsubscribe.
 */
import { describe, test } from "vitest";
import { createFetchHandler } from "../../src/http/fetch.ts";
import { jsonResponse } from "../../src/http/http-error.ts";
import type { EmulatorRequest, EmulatorResponse } from "../../src/http/types.ts";
import { channelSubscribers, startEmulator, TOKEN } from "./fixtures/transports.ts";

/** A handler that answers with what it received. */
function echoHandler(seen: EmulatorRequest[]) {
  return async (request: EmulatorRequest): Promise<EmulatorResponse> => {
    seen.push(request);
    return jsonResponse(200, { ok: true });
  };
}

describe("createFetchHandler", () => {
  test("passes method, encoded path, raw query, lower-case headers and body bytes", async ({
    expect,
  }) => {
    const seen: EmulatorRequest[] = [];
    const fetch = createFetchHandler(echoHandler(seen));
    // When a request with an escaped path and a query is sent
    const response = await fetch("http://any.host/set/a%2Fb/%FF?EX=1&_token=t&x=%2B", {
      method: "PUT",
      headers: { "Upstash-Encoding": "base64", "X-Two": "a" },
      body: Uint8Array.of(0, 255),
    });
    // Then the handler sees it as node:http would give it
    expect(await response.json()).toEqual({ ok: true });
    const [request] = seen;
    expect(request?.method).toBe("PUT");
    expect(request?.path).toBe("/set/a%2Fb/%FF");
    expect(request?.rawQuery).toBe("EX=1&_token=t&x=%2B");
    expect(request?.query.get("x")).toBe("+");
    expect(request?.headers.get("upstash-encoding")).toBe("base64");
    expect(request?.headers.get("x-two")).toBe("a");
    expect([...(request?.body ?? [])]).toEqual([0, 255]);
  });

  test("accepts a Request object", async ({ expect }) => {
    const seen: EmulatorRequest[] = [];
    const fetch = createFetchHandler(echoHandler(seen));
    await fetch(new Request("http://x/ping", { method: "POST", body: "[]" }));
    expect(new TextDecoder().decode(seen[0]?.body)).toBe("[]");
  });

  test("an already aborted signal rejects without calling the handler", async ({ expect }) => {
    const seen: EmulatorRequest[] = [];
    const fetch = createFetchHandler(echoHandler(seen));
    const abort = new AbortController();
    abort.abort();
    await expect(fetch("http://x/ping", { signal: abort.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(seen).toEqual([]);
  });

  test("an abort while the handler runs rejects and aborts the handler's signal", async ({
    expect,
  }) => {
    let handlerSignal: AbortSignal | undefined;
    const fetch = createFetchHandler((request) => {
      handlerSignal = request.signal;
      return new Promise<EmulatorResponse>(() => undefined);
    });
    const abort = new AbortController();
    const pending = fetch("http://x/ping", { signal: abort.signal });
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(handlerSignal?.aborted).toBe(true);
  });

  test("HEAD and 204 answers have a null body", async ({ expect }) => {
    const fetch = createFetchHandler(async () => ({
      status: 204,
      headers: {},
      body: Uint8Array.of(1),
    }));
    expect((await fetch("http://x/", { method: "HEAD" })).body).toBeNull();
    expect((await fetch("http://x/")).body).toBeNull();
  });

  test("streams one chunk per event; an abort errors the body and ends the subscription", async ({
    expect,
  }) => {
    await using server = await startEmulator("in-process");
    const abort = new AbortController();
    const response = await server.emulator.fetch(`${server.url}/subscribe/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, accept: "text/event-stream" },
      body: "[]",
      signal: abort.signal,
    });
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe("data: subscribe,chat,1\n\n");
    expect(await channelSubscribers(server, "chat")).toBe(1);
    // When the caller aborts, as the SDK does to unsubscribe
    abort.abort();
    // Then the subscription is gone at once and reading fails like a real fetch
    expect(await channelSubscribers(server, "chat")).toBe(0);
    await expect(reader?.read()).rejects.toMatchObject({ name: "AbortError" });
  });
});
