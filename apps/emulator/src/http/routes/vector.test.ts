import { describe, test, vi } from "vitest";
import { VectorService } from "../../vector/index.ts";
import { createHandler } from "../handler.ts";
import type { EmulatorRequestHead, EmulatorResponse } from "../types.ts";
import { createVectorRoute } from "./vector.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function openService(): Promise<VectorService> {
  // No time passes: indexing is immediate (no delay).
  const service = new VectorService({ clock: { now: () => 0 } });
  await service.createIndex({
    name: "idx",
    type: "DENSE",
    dimension: 2,
    similarity: "COSINE",
    token: "t",
    readOnlyToken: "r",
  });
  return service;
}

/** The head of `method /vector/idx/{path}` with a bearer token. */
function headOf(path: string, options: { method?: string; token?: string } = {}) {
  const { method = "POST", token = "t" } = options;
  const head: EmulatorRequestHead = {
    method,
    path: `/vector/idx/${path}`,
    query: new URLSearchParams(),
    rawQuery: "",
    headers: { get: (name) => (name === "authorization" ? `Bearer ${token}` : undefined) },
    signal: new AbortController().signal,
    remoteAddress: "127.0.0.1:0",
  };
  return { head, route: { name: "idx", path: `/${path}` } };
}

function json(response: EmulatorResponse): unknown {
  const { body } = response;
  if (typeof body === "string") {
    return JSON.parse(body);
  }
  return body instanceof Uint8Array ? JSON.parse(decoder.decode(body)) : undefined;
}

/** The answer of a request refused from its head; fails when it was admitted. */
function refusal(admission: ReturnType<ReturnType<typeof createVectorRoute>>) {
  if (!("answer" in admission)) {
    throw new Error("admitted");
  }
  return { status: admission.answer.status, body: json(admission.answer) };
}

describe("the vector route", () => {
  test("method, index and token are judged from the head, before the body", async ({ expect }) => {
    await using service = await openService();
    const route = createVectorRoute({ service });
    const wrongMethod = headOf("info", { method: "PATCH" });
    expect(refusal(route(wrongMethod.head, wrongMethod.route))).toEqual({
      status: 405,
      body: { error: "Method PATCH is not allowed: use GET, POST, PUT or DELETE.", status: 405 },
    });
    const wrongToken = headOf("info", { token: "x" });
    expect(refusal(route(wrongToken.head, wrongToken.route))).toEqual({
      status: 401,
      body: { error: "Unauthorized: Invalid auth token", status: 401 },
    });
    const missing = headOf("info");
    expect(refusal(route(missing.head, { name: "nope", path: "/info" }))).toEqual({
      status: 404,
      body: { error: "Vector index nope does not exist.", status: 404 },
    });
  });

  test.for(["constructor", "__proto__", "toString", "hasOwnProperty"])(
    "issue-arch-3: %s, a name Object.prototype has, is an unknown command (400), not a 500",
    async (name, { expect }) => {
      await using service = await openService();
      const { head, route } = headOf(name);
      const admission = createVectorRoute({ service })(head, route);
      if ("answer" in admission) {
        throw new Error(`refused from the head: ${admission.answer.status}`);
      }
      const response = await admission.handle({ ...head, body: encoder.encode("{}") });
      expect(response.status).toBe(400);
      expect(json(response)).toEqual({
        error: `Invalid command: ${name} is not a vector command.`,
        status: 400,
      });
    },
  );

  test("a client mistake is the route's envelope; anything else goes on to handler.ts", async ({
    expect,
  }) => {
    await using service = await openService();
    const internalErrors: unknown[] = [];
    const bug = new Error("a bug in a command");
    const handler = createHandler(
      {
        admit: (head) =>
          createVectorRoute({ service })(head, {
            name: "idx",
            path: head.path.slice("/vector/idx".length),
          }),
      },
      (error) => internalErrors.push(error),
    );
    const send = async (path: string, body: string): Promise<EmulatorResponse> => {
      const { head } = headOf(path);
      const admission = handler.admit(head);
      return "answer" in admission
        ? admission.answer
        : admission.handle({ ...head, body: encoder.encode(body) });
    };

    // A client mistake: the service's envelope, nothing logged
    const mistake = await send("upsert", JSON.stringify({ id: "a", vector: [1] }));
    expect(mistake.status).toBe(422);
    expect(json(mistake)).toEqual({
      error: "Invalid vector dimension: 1, expected: 2",
      status: 422,
    });
    expect(internalErrors).toEqual([]);

    // A bug: handler.ts answers 500 and reports it
    vi.spyOn(service, "execute").mockRejectedValueOnce(bug);
    const failure = await send("info", "");
    expect(failure.status).toBe(500);
    expect(json(failure)).toEqual({ error: "ERR internal emulator error" });
    expect(internalErrors).toEqual([bug]);
  });
});
