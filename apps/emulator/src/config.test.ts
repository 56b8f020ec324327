import { describe, test } from "vitest";
import { readCliConfig } from "./config.ts";

describe("STRATUS_* variables", () => {
  test("an unknown one is refused by name, since it is most likely a typo", ({ expect }) => {
    expect(() => readCliConfig(["--in-memory"], { STRATUS_PROT: "1" })).toThrow(
      "unknown environment variable STRATUS_PROT",
    );
  });

  test("the TUI's connection variables do not stop the emulator", ({ expect }) => {
    const command = readCliConfig(["--in-memory"], {
      STRATUS_KV_URL: "http://127.0.0.1:8079",
      STRATUS_KV_TOKEN: "t",
      STRATUS_VECTOR_URL: "http://127.0.0.1:8079/vector/default",
      STRATUS_VECTOR_TOKEN: "v",
      STRATUS_MANAGEMENT_URL: "http://127.0.0.1:8079/v2",
    });
    expect(command.kind).toBe("start");
  });
});
