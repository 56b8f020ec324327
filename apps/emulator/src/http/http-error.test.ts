import { describe, test } from "vitest";
import {
  MAX_BINARY_LENGTH,
  NESTING_OVER_ENGINE_LIMIT,
  STRING_OVER_ENGINE_LIMIT,
} from "../kv/argv.ts";
import { HttpError, knownError } from "./http-error.ts";

function thrownBy(attempt: () => unknown): unknown {
  try {
    attempt();
  } catch (error: unknown) {
    return error;
  }
  return undefined;
}

describe("knownError", () => {
  test("a string past the engine's limit is a 400 naming that limit, not a 500", ({ expect }) => {
    // What a path-form body, a JSON argument or a JSON/base64 answer that long throws.
    const attempts = [
      () => "x".repeat(MAX_BINARY_LENGTH + 1),
      () => new TextDecoder().decode(Buffer.allocUnsafe(MAX_BINARY_LENGTH + 1)),
    ];
    for (const attempt of attempts) {
      expect(knownError(thrownBy(attempt))).toEqual({
        status: 400,
        message: STRING_OVER_ENGINE_LIMIT,
      });
    }
  });

  test("an answer nested past the call stack is a 400 naming that limit, not a 500", ({
    expect,
  }) => {
    // What JSON.stringify throws for a deep document's JSON.RESP, say.
    let nested: unknown[] = [];
    for (let level = 0; level < 1_000_000; level++) {
      nested = [nested];
    }
    expect(knownError(thrownBy(() => JSON.stringify(nested)))).toEqual({
      status: 400,
      message: NESTING_OVER_ENGINE_LIMIT,
    });
  });

  test("client mistakes keep their status, and bugs stay unknown", ({ expect }) => {
    expect(knownError(new HttpError(413, "too big"))).toEqual({ status: 413, message: "too big" });
    expect(knownError(new TypeError("boom"))).toBeUndefined();
    expect(knownError(new RangeError("Invalid array length"))).toBeUndefined();
  });
});
