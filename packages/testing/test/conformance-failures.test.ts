/**
 * The suite can fail: an emulator whose answers are bent (through a wrapping `fetch`) must fail
 * exactly the checks for the rules it breaks, and a timed-out check is reported, not hung on.
 */
import { describe, test } from "vitest";
import { runConformance } from "../src/conformance/index.ts";
import type { FetchFunction } from "../src/rest.ts";
import { startEmulator } from "../src/start-emulator.ts";

/** Answers through `inner`, then lets `bend` rewrite the response. */
function bentFetch(
  inner: FetchFunction,
  bend: (request: Request, response: Response) => Promise<Response>,
): FetchFunction {
  return async (input, init) => {
    const request = new Request(input, init);
    return bend(request, await inner(request.clone()));
  };
}

// Whole suites run inside one test; CI runs every project at once on two cores.
describe("conformance suite failures", { timeout: 30_000 }, () => {
  test("a server that answers 200 to a bad token fails only the token check", async ({
    expect,
  }) => {
    await using emulator = await startEmulator();
    const fetch = bentFetch(emulator.fetch, async (_request, response) =>
      response.status === 401
        ? new Response(JSON.stringify({ result: "PONG" }), { status: 200 })
        : response,
    );
    const report = await runConformance({
      kv: { url: emulator.url, token: emulator.token, readOnlyToken: emulator.readOnlyToken },
      fetch,
    });
    const failed = report.results.filter((result) => result.status === "fail");
    expect(failed.map((result) => result.name)).toEqual([
      "a missing or invalid token is 401 with a JSON error",
    ]);
    expect(failed[0]?.detail).toMatch(/missing token: 200 .*kv-rest-wire\.md §4, §8/);
    expect(report.ok).toBe(false);
  });

  test("a server without sync tokens, or that drops the body's encoding, fails those checks", async ({
    expect,
  }) => {
    await using emulator = await startEmulator();
    const fetch = bentFetch(emulator.fetch, async (request, response) => {
      const headers = new Headers(response.headers);
      headers.delete("upstash-sync-token");
      // Ignore the encoding header: answer what a plain request would get.
      if (request.headers.has("service-encoding")) {
        const plain = new Request(request.url, {
          method: request.method,
          headers: { authorization: request.headers.get("authorization") ?? "" },
          body: await request.clone().text(),
        });
        return emulator.fetch(plain);
      }
      return new Response(response.body, { status: response.status, headers });
    });
    const report = await runConformance({
      kv: { url: emulator.url, token: emulator.token },
      fetch,
      only: ["headers/", "encodings/"],
    });
    const byStatus = (status: string): string[] =>
      report.results.filter((result) => result.status === status).map((result) => result.name);
    expect(byStatus("fail")).toEqual([
      "service-encoding: base64 encodes every string except a top-level OK",
      "Upstash-Sync-Token is sent and changes after every write",
    ]);
    expect(byStatus("pass")).toHaveLength(5);
  });

  test("without a read-only token those checks are skipped, not failed", async ({ expect }) => {
    await using emulator = await startEmulator();
    const report = await runConformance({
      kv: { url: emulator.url, token: emulator.token },
      only: ["tokens/"],
    });
    expect(report.results.map((result) => result.status)).toEqual(["pass", "skip", "skip", "skip"]);
    expect(report.ok).toBe(true);
  });

  test("a check that outlives its time limit fails with a timeout", async ({ expect }) => {
    await using emulator = await startEmulator();
    // A server that never answers /pipeline: the request only ends when the check's signal fires.
    const fetch: FetchFunction = (input, init) =>
      String(input).endsWith("/pipeline")
        ? new Promise((_resolve, reject) => {
            init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
          })
        : emulator.fetch(input, init);
    const report = await runConformance({
      kv: { url: emulator.url, token: emulator.token },
      fetch,
      only: ["pipeline/a null result"],
      checkTimeoutMs: 50,
    });
    expect(report.results).toHaveLength(1);
    expect(report.results[0]?.status).toBe("fail");
    expect(report.results[0]?.detail).toMatch(/timed out after 50 ms/);
  });

  test("vector and management checks run only for the targets given", async ({ expect }) => {
    await using emulator = await startEmulator();
    const areas = async (options: {
      vector?: boolean;
      management?: boolean;
    }): Promise<string[]> => {
      const report = await runConformance({
        kv: { url: emulator.url, token: emulator.token },
        ...(options.vector === true ? { vector: emulator.vector } : {}),
        ...(options.management === true ? { management: emulator.management } : {}),
        only: ["kv/pipeline/a null result", "vector/info/", "management/auth/"],
      });
      expect(report.ok).toBe(true);
      return report.results.map((result) => result.area);
    };
    expect(await areas({})).toEqual(["kv"]);
    expect(await areas({ vector: true })).toEqual(["kv", "vector"]);
    expect(await areas({ vector: true, management: true })).toEqual(["kv", "vector", "management"]);
  });
});
