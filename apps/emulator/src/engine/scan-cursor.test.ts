import { describe, test } from "vitest";
import { ERR } from "./errors.ts";
import { KeyspaceCursors, parseScanCursor } from "./scan-cursor.ts";
import { createTestEngine } from "./test-support.ts";

describe("KeyspaceCursors", () => {
  test("each call examines at most COUNT keys and issues a fresh cursor", ({ expect }) => {
    const { run, engine } = createTestEngine();
    for (let i = 0; i < 5; i++) {
      run("SET", `k${i}`, "v");
    }
    const db = engine.databases[0];
    if (db === undefined) {
      throw new Error("no database 0");
    }
    const cursors = new KeyspaceCursors();
    const first = cursors.next(db, 0n, 2);
    expect(first.keys).toEqual(["k0", "k1"]);
    const second = cursors.next(db, BigInt(first.cursor), 2);
    expect(second.keys).toEqual(["k2", "k3"]);
    expect(second.cursor).not.toBe(first.cursor);
    expect(cursors.next(db, BigInt(second.cursor), 2)).toEqual({ cursor: "0", keys: ["k4"] });
  });

  test("a cursor of another database resumes positionally there", ({ expect }) => {
    const { run, engine } = createTestEngine();
    for (let i = 0; i < 4; i++) {
      run("SET", `k${i}`, "v");
    }
    run("SELECT", "1");
    for (let i = 0; i < 4; i++) {
      run("SET", `j${i}`, "v");
    }
    const [db0, db1] = engine.databases;
    if (db0 === undefined || db1 === undefined) {
      throw new Error("no databases");
    }
    const cursors = new KeyspaceCursors();
    const first = cursors.next(db0, 0n, 2);
    expect(cursors.next(db1, BigInt(first.cursor), 2).keys).toEqual(["j2", "j3"]);
  });

  test("old iterations are evicted but still resume", ({ expect }) => {
    const { run, engine } = createTestEngine();
    for (let i = 0; i < 3; i++) {
      run("SET", `k${i}`, "v");
    }
    const db = engine.databases[0];
    if (db === undefined) {
      throw new Error("no database 0");
    }
    const cursors = new KeyspaceCursors();
    const oldest = cursors.next(db, 0n, 1);
    for (let i = 0; i < 1100; i++) {
      cursors.next(db, 0n, 1);
    }
    expect(cursors.next(db, BigInt(oldest.cursor), 5).keys).toEqual(["k1", "k2"]);
  });
});

describe("parseScanCursor", () => {
  test.for([
    ["0", 0n],
    ["42", 42n],
    ["-1", 2n ** 64n - 1n],
    ["18446744073709551615", 2n ** 64n - 1n],
  ] as const)("%s → %s", ([text, value], { expect }) => {
    expect(parseScanCursor(text)).toBe(value);
  });

  test.for(["x", "1.5", "", "18446744073709551616"])("%j is invalid", (text, { expect }) => {
    expect(() => parseScanCursor(text)).toThrow(ERR.INVALID_CURSOR);
  });
});
