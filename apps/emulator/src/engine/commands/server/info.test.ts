import { describe, test } from "vitest";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const text = (reply: Reply): string => (reply.kind === "bulk" ? reply.value : "");
const headers = (reply: Reply): string[] =>
  text(reply)
    .split("\r\n")
    .filter((line) => line.startsWith("# "));

describe("INFO", () => {
  test("the default sections, in Redis's order", ({ expect }) => {
    const { run } = createTestEngine();
    expect(headers(run("INFO"))).toEqual([
      "# Server",
      "# Clients",
      "# Memory",
      "# Persistence",
      "# Stats",
      "# Replication",
      "# CPU",
      "# Modules",
      "# Errorstats",
      "# Cluster",
      "# Keyspace",
    ]);
    expect(headers(run("INFO", "all"))).toContain("# Commandstats");
    expect(headers(run("INFO", "everything"))).toContain("# Latencystats");
  });

  test("named sections, case-insensitive, each once; unknown ones are empty", ({ expect }) => {
    const { run } = createTestEngine();
    expect(headers(run("INFO", "keyspace", "SERVER", "server"))).toEqual([
      "# Server",
      "# Keyspace",
    ]);
    expect(run("INFO", "nope")).toEqual(r.bulk(""));
    expect(text(run("INFO", "cluster"))).toBe("# Cluster\r\ncluster_enabled:0\r\n");
  });

  test("keyspace lines per non-empty database", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", "1");
    run("SET", "b", "1", "PX", "1000");
    run("SELECT", "3");
    run("SET", "c", "1");
    expect(text(run("INFO", "keyspace"))).toBe(
      "# Keyspace\r\ndb0:keys=2,expires=1,avg_ttl=1000,subexpiry=0\r\ndb3:keys=1,expires=0,avg_ttl=0,subexpiry=0\r\n",
    );
  });

  test("statistics come from the engine", ({ expect }) => {
    const { run, engine } = createTestEngine();
    const other = engine.createSession({ address: "x:1", push: () => undefined });
    engine.execute(["SUBSCRIBE", "c"], other);
    engine.execute(["WATCH", "a", "b"], other);
    run("SET", "k", "v");
    run("GET", "k");
    const stats = text(run("INFO", "stats", "clients", "server", "persistence"));
    expect(stats).toContain("\r\nconnected_clients:2\r\n");
    expect(stats).toContain("\r\npubsub_clients:1\r\n");
    expect(stats).toContain("\r\nwatching_clients:1\r\n");
    expect(stats).toContain("\r\ntotal_watched_keys:2\r\n");
    expect(stats).toContain("\r\npubsub_channels:1\r\n");
    expect(stats).toContain(
      `\r\ntotal_commands_processed:${engine.stats.commandsProcessed - 1}\r\n`,
    );
    expect(stats).toContain("\r\nredis_mode:standalone\r\n");
    expect(stats).toContain("\r\nrdb_changes_since_last_save:1\r\n");
  });

  test("uptime follows the clock", ({ expect }) => {
    const { run, clock } = createTestEngine();
    clock.advance(90_061_000);
    const server = text(run("INFO", "server"));
    expect(server).toContain("\r\nuptime_in_seconds:90061\r\n");
    expect(server).toContain("\r\nuptime_in_days:1\r\n");
  });
});
