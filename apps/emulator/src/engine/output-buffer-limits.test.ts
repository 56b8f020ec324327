import { describe, test } from "vitest";
import { Config } from "./config.ts";
import { DEFAULT_OUTPUT_BUFFER_LIMIT, readOutputBufferLimits } from "./output-buffer-limits.ts";
import { createTestEngine, r } from "./test-support.ts";

const failed = (reason: string): string =>
  `ERR CONFIG SET failed (possibly related to argument 'client-output-buffer-limit') - ${reason}`;

/** The answers below were read off redis-server 7.0 (CONFIG SET then CONFIG GET). */
describe("client-output-buffer-limit", () => {
  test("CONFIG GET shows Redis's defaults, replicas under `slave`", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CONFIG", "GET", "client-output-buffer-limit")).toEqual(
      r.bulks(
        "client-output-buffer-limit",
        "normal 0 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60",
      ),
    );
  });

  test("CONFIG SET changes only the classes it names, in any case, with memory units", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    expect(run("CONFIG", "SET", "client-output-buffer-limit", "pubsub 1mb 1k 0")).toEqual(r.ok);
    expect(run("CONFIG", "GET", "client-output-buffer-limit")).toEqual(
      r.bulks(
        "client-output-buffer-limit",
        "normal 0 0 0 slave 268435456 67108864 60 pubsub 1048576 1000 0",
      ),
    );
    run("CONFIG", "SET", "client-output-buffer-limit", "NORMAL 1 2 3 replica 4 5 6 normal 7 8 09");
    expect(run("CONFIG", "GET", "client-output-buffer-limit")).toEqual(
      r.bulks("client-output-buffer-limit", "normal 7 8 9 slave 4 5 6 pubsub 1048576 1000 0"),
    );
    // An empty value names no class and changes nothing
    expect(run("CONFIG", "SET", "client-output-buffer-limit", "")).toEqual(r.ok);
    expect(run("CONFIG", "GET", "client-output-buffer-limit")).toEqual(
      r.bulks("client-output-buffer-limit", "normal 7 8 9 slave 4 5 6 pubsub 1048576 1000 0"),
    );
  });

  test.for([
    ["pubsub 1mb 1mb", "Wrong number of arguments in buffer limit configuration."],
    ["normal 1 1 1 2", "Wrong number of arguments in buffer limit configuration."],
    ["master 1 1 1", "Invalid client class specified in buffer limit configuration."],
    [" normal 7 0 0", "Wrong number of arguments in buffer limit configuration."],
    ["normal  7 0 0", "Wrong number of arguments in buffer limit configuration."],
    ["  normal  7 0 0 ", "Invalid client class specified in buffer limit configuration."],
    [
      "normal 1.5mb 0 0",
      "Error in hard, soft or soft_seconds setting in buffer limit configuration.",
    ],
    ["normal -1 0 0", "Error in hard, soft or soft_seconds setting in buffer limit configuration."],
    ["pubsub 1 1 -1", "Error in hard, soft or soft_seconds setting in buffer limit configuration."],
    ["pubsub 1 1 x", "Error in hard, soft or soft_seconds setting in buffer limit configuration."],
  ] as const)("CONFIG SET %j fails: %s, and changes nothing", ([value, reason], { expect }) => {
    const { run } = createTestEngine();
    expect(run("CONFIG", "SET", "client-output-buffer-limit", `normal 1 1 1 ${value}`)).toEqual(
      r.err(failed(reason)),
    );
    expect(run("CONFIG", "GET", "client-output-buffer-limit")).toEqual(
      r.bulks("client-output-buffer-limit", DEFAULT_OUTPUT_BUFFER_LIMIT),
    );
  });

  test("a start-up value is merged into the defaults too", ({ expect }) => {
    const config = new Config({ "client-output-buffer-limit": "pubsub 64kb 0 0" });
    expect(readOutputBufferLimits(config.value("client-output-buffer-limit"))).toEqual({
      normal: { hardBytes: 0, softBytes: 0, softSeconds: 0 },
      slave: { hardBytes: 268_435_456, softBytes: 67_108_864, softSeconds: 60 },
      pubsub: { hardBytes: 65_536, softBytes: 0, softSeconds: 0 },
    });
  });

  test("INFO stats counts the clients closed for going over it", ({ expect }) => {
    const { engine, run } = createTestEngine();
    const stats = (): string => {
      const info = run("INFO", "stats");
      return info.kind === "bulk" ? info.value : "";
    };
    expect(stats()).toContain("\r\nclient_output_buffer_limit_disconnections:0\r\n");
    engine.stats.clientOutputBufferLimitDisconnections++;
    expect(stats()).toContain("\r\nclient_output_buffer_limit_disconnections:1\r\n");
  });
});
