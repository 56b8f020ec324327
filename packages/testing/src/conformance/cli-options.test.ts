import { describe, test } from "vitest";
import { parseCli, UsageError } from "./cli-options.ts";

describe("stratus-conformance flags", () => {
  test("reads every target and option", ({ expect }) => {
    expect(
      parseCli([
        ...["--kv-url", "http://x", "--kv-token", "t", "--kv-read-only-token", "ro"],
        ...["--vector-url", "http://v", "--vector-token", "vt", "--vector-read-only-token", "vr"],
        ...["--management-url", "http://m/v2", "--email", "e", "--api-key", "k"],
        ...["--only", "sse/", "--only", "tokens/", "--timeout-ms", "500", "--json"],
        "--libraries",
      ]),
    ).toEqual({
      kv: { url: "http://x", token: "t", readOnlyToken: "ro" },
      vector: { url: "http://v", token: "vt", readOnlyToken: "vr" },
      management: { url: "http://m/v2", email: "e", apiKey: "k" },
      libraries: true,
      only: ["sse/", "tokens/"],
      checkTimeoutMs: 500,
      json: true,
    });
  });

  test.for([
    [["--kv-url", "http://x"], /--kv-url and --kv-token are required/],
    [["--kv-url", "http://x", "--kv-token", "t", "--timeout-ms", "0"], /positive integer/],
    [["--kv-url", "http://x", "--kv-token", "t", "--bogus"], /Unknown option '--bogus'/],
  ] as const)("rejects %j", ([argv, message], { expect }) => {
    expect(() => parseCli(argv)).toThrow(message);
  });

  test("a missing flag is a usage error", ({ expect }) => {
    expect(() => parseCli([])).toThrow(UsageError);
  });
});
