import { describe, test } from "vitest";
import { createTestEngine, r } from "../test-support.ts";
import { sha1hex } from "./scripts.ts";

/** The first line of @upstash/ratelimit's scripts: the service's flag (docs/differences.md). */
const LOCKING = "#!lua flags=allow-key-locking\nreturn redis.call('incr', KEYS[1])";
const READING = "#!lua flags=no-writes,allow-key-locking\nreturn redis.call('get', KEYS[1])";

describe("allow-key-locking, the service's script flag", () => {
  test("EVAL, SCRIPT LOAD then EVALSHA, and EVAL_RO accept it", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("EVAL", LOCKING, "1", "k")).toEqual(r.int(1));
    expect(run("SCRIPT", "LOAD", LOCKING)).toEqual(r.bulk(sha1hex(LOCKING)));
    expect(run("EVALSHA", sha1hex(LOCKING), "1", "k")).toEqual(r.int(2));
    expect(run("EVAL_RO", READING, "1", "k")).toEqual(r.bulk("2"));
    expect(run("SCRIPT", "LOAD", READING)).toEqual(r.bulk(sha1hex(READING)));
    expect(run("EVALSHA_RO", sha1hex(READING), "1", "k")).toEqual(r.bulk("2"));
  });

  test("it is not no-writes: EVAL_RO still refuses a script without that flag", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("EVAL_RO", LOCKING, "1", "k")).toMatchObject({ kind: "error" });
  });

  test("FUNCTION LOAD accepts it per function, and FUNCTION LIST shows it", ({ expect }) => {
    const { run } = createTestEngine();
    const library = [
      "#!lua name=locks",
      "redis.register_function{function_name='bump', callback=function(keys) return redis.call('incr', keys[1]) end, flags={'allow-key-locking'}}",
      "redis.register_function{function_name='peek', callback=function(keys) return redis.call('get', keys[1]) end, flags={'no-writes', 'allow-key-locking'}}",
    ].join("\n");
    expect(run("FUNCTION", "LOAD", library)).toEqual(r.bulk("locks"));
    expect(run("FCALL", "bump", "1", "k")).toEqual(r.int(1));
    expect(run("FCALL_RO", "peek", "1", "k")).toEqual(r.bulk("1"));
    const listed = JSON.stringify(run("FUNCTION", "LIST"));
    expect(listed).toContain("allow-key-locking");
  });
});
