import { describe, test } from "vitest";
import { uniqueKey } from "./unique-key.ts";
import { useEmulator } from "./vitest.ts";

describe("useEmulator", () => {
  const emulator = useEmulator({ seed: { strings: { greeting: "hello" } } });

  test("starts before the tests with the given options", async ({ expect }) => {
    expect(await emulator().command(["GET", "greeting"])).toBe("hello");
  });

  test.concurrent.for([1, 2, 3])("is shared by concurrent tests (%i)", async (n, { expect }) => {
    const key = uniqueKey();
    await emulator().command(["SET", key, n]);
    expect(await emulator().command(["GET", key])).toBe(String(n));
  });
});
