import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("RPOPLPUSH", () => {
  test("moves the tail of one list to the head of another", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "src", "a", "b");
    run("RPUSH", "dst", "x");
    expect(run("RPOPLPUSH", "src", "dst")).toEqual(r.bulk("b"));
    expect(run("LRANGE", "dst", "0", "-1")).toEqual(r.bulks("b", "x"));
    expect(run("RPOPLPUSH", "src", "src")).toEqual(r.bulk("a"));
    expect(run("RPOPLPUSH", "missing", "dst")).toEqual(r.nil);
  });

  test("a destination of another type fails before anything moves", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "src", "a");
    run("SET", "s", "v");
    expect(run("RPOPLPUSH", "src", "s")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("RPOPLPUSH", "s", "src")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("LLEN", "src")).toEqual(r.int(1));
  });
});
