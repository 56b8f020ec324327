/**
 * A backend that fails (kv-rest-wire.md §8, §16; STYLE.md §7.1): `BackendUnavailableError` is a
 * JSON 503 and any other throw a JSON 500, never an empty body, never a 200 stream that breaks.
 */
import { test, vi } from "vitest";
import { createHandler } from "../../src/http/handler.ts";
import { createRouter } from "../../src/http/router.ts";
import {
  BackendUnavailableError,
  type KvBackend,
  type KvSession,
  type PubSubEvent,
} from "../../src/kv/backend.ts";
import { KvDatabase } from "../../src/kv/database.ts";
import { call, describeTransports, openSse, serveHandler, TOKEN } from "./fixtures/transports.ts";

/** A backend whose every call fails with `error`. */
function failingBackend(error: () => Error): KvBackend {
  const failingStream = <TValue>(): AsyncIterable<TValue> => ({
    [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error()) }),
  });
  return {
    execute: () => Promise.reject(error()),
    pipeline: () => Promise.reject(error()),
    transaction: () => Promise.reject(error()),
    subscribe: () => failingStream<PubSubEvent>(),
    monitor: () => failingStream(),
    openSession: (): KvSession => {
      throw error();
    },
    keyCount: () => 0,
    aclUsers: undefined,
    close: () => Promise.resolve(),
  };
}

function handlerFor(backend: KvBackend, onError: (error: unknown) => void) {
  const database = new KvDatabase({
    name: "default",
    backend,
    token: TOKEN,
    readOnlyToken: "ro",
    now: () => Date.UTC(2026, 0, 1),
  });
  return createHandler(
    createRouter({ kvDatabases: new Map([["default", database]]), defaultDatabase: "default" }),
    onError,
  );
}

const REQUESTS = [
  ["/", ["PING"]],
  ["/pipeline", [["PING"]]],
  ["/multi-exec", [["PING"]]],
  ["/get/k", undefined],
  ["/subscribe/chat", []],
  ["/psubscribe/chat*", []],
] as const;

describeTransports("an unreachable backend", (kind) => {
  test.for(REQUESTS)("%s is a JSON 503 with a sync token", async ([path, body], { expect }) => {
    const onError = vi.fn();
    const handler = handlerFor(
      failingBackend(() => new BackendUnavailableError("connect ECONNREFUSED 127.0.0.1:6379")),
      onError,
    );
    await using server = await serveHandler(kind, handler);
    const response = await call(server, path, {
      method: "POST",
      headers: { accept: "text/event-stream" },
      ...(body === undefined ? {} : { body }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.json()).toEqual({
      error: "ERR backend unavailable: connect ECONNREFUSED 127.0.0.1:6379",
    });
    expect(response.headers.get("upstash-sync-token")).toMatch(/^\S+$/);
    // An unreachable backend is not a bug of ours
    expect(onError).not.toHaveBeenCalled();
  });

  test("a subscribe that fails is an error response, not a broken stream", async ({ expect }) => {
    const handler = handlerFor(
      failingBackend(() => new BackendUnavailableError("down")),
      vi.fn(),
    );
    await using server = await serveHandler(kind, handler);
    await using stream = await openSse(server, "/subscribe/chat");
    expect(stream.status).toBe(503);
  });
});

describeTransports("a backend bug", (kind) => {
  test.for(REQUESTS)("%s is a JSON 500, reported to onError", async ([path, body], { expect }) => {
    const errors: unknown[] = [];
    const handler = handlerFor(
      failingBackend(() => new TypeError("boom")),
      (error) => errors.push(error),
    );
    await using server = await serveHandler(kind, handler);
    const response = await call(server, path, {
      method: "POST",
      headers: { accept: "text/event-stream" },
      ...(body === undefined ? {} : { body }),
    });
    expect(response.status).toBe(500);
    expect(response.json()).toEqual({ error: "ERR internal emulator error" });
    expect(errors).toEqual([new TypeError("boom")]);
  });
});
