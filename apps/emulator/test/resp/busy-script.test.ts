/**
 * A script past busy-reply-threshold over the RESP port and REST, with ioredis: the server keeps
 * serving other connections (BUSY) while it runs, and SCRIPT KILL / FUNCTION KILL from another
 * connection stop it, as redis-server 7.0 does. The scripts PUBLISH to `started` before spinning:
 * the message leaves once the script has yielded, so a subscriber knows it is busy, without sleeps.
 */
import { once } from "node:events";
import { describe, test } from "vitest";
import { type RespEmulator, startRespEmulator } from "./fixtures.ts";

const BUSY_EVAL =
  "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.";
const BUSY_FUNCTION =
  "BUSY Redis is busy running a script. You can only call FUNCTION KILL or SHUTDOWN NOSAVE.";
const SPIN = "redis.call('PUBLISH', 'started', '1') while true do end";

/** A subscriber whose `started` resolves once a script has published to `started`. */
async function startedSignal(server: RespEmulator): Promise<{ started: Promise<unknown> }> {
  const subscriber = server.client();
  await subscriber.subscribe("started");
  return { started: once(subscriber, "message") };
}

describe("a busy script over RESP and REST", () => {
  test("other connections get BUSY until SCRIPT KILL stops it", async ({ expect }) => {
    await using server = await startRespEmulator();
    const caller = server.client();
    const other = server.client();
    await other.config("SET", "busy-reply-threshold", "20");
    await other.set("k", "v");
    const { started } = await startedSignal(server);
    const running = caller.eval(SPIN, 0).then(
      () => "no error",
      (error: Error) => error.message,
    );
    await started;
    await expect(other.get("k")).rejects.toThrow(BUSY_EVAL);
    expect(await server.rest(["GET", "k"])).toEqual({ error: BUSY_EVAL });
    await expect(other.call("FUNCTION", "KILL")).rejects.toThrow(BUSY_EVAL);
    expect(await other.call("SCRIPT", "KILL")).toBe("OK");
    expect(await running).toMatch(
      /^ERR Script killed by user with SCRIPT KILL\.\.\. script: [0-9a-f]{40}, on @user_script:1\.$/,
    );
    expect(await other.get("k")).toBe("v");
    await expect(other.call("SCRIPT", "KILL")).rejects.toThrow(
      "NOTBUSY No scripts in execution right now.",
    );
  });

  test("the killed script's error counts in errorstats and commandstats, as in Redis", async ({
    expect,
  }) => {
    await using server = await startRespEmulator();
    const caller = server.client();
    const other = server.client();
    await other.config("SET", "busy-reply-threshold", "20");
    const { started } = await startedSignal(server);
    await other.call("CONFIG", "RESETSTAT");
    const running = caller.eval(SPIN, 0).catch((error: Error) => error.message);
    await started;
    await expect(other.get("k")).rejects.toThrow(BUSY_EVAL);
    expect(await other.call("SCRIPT", "KILL")).toBe("OK");
    expect(await running).toMatch(/^ERR Script killed by user/);
    const errorstats = String(await other.info("errorstats"));
    expect(errorstats).toContain("errorstat_BUSY:count=1\r\n");
    expect(errorstats).toContain("errorstat_ERR:count=1\r\n");
    const commandstats = String(await other.info("commandstats"));
    // redis-server 7.0 after the same steps: the script is one failed call, GET one rejection.
    expect(commandstats).toMatch(
      /cmdstat_eval:calls=1,usec=\d+,usec_per_call=[\d.]+,rejected_calls=0,failed_calls=1\r\n/,
    );
    expect(commandstats).toMatch(
      /cmdstat_get:calls=0,usec=0,usec_per_call=0.00,rejected_calls=1,failed_calls=0\r\n/,
    );
    expect(String(await other.info("stats"))).toContain("total_error_replies:2\r\n");
  });

  test("a function sent over REST is stopped by FUNCTION KILL over RESP", async ({ expect }) => {
    await using server = await startRespEmulator();
    const other = server.client();
    await other.config("SET", "busy-reply-threshold", "20");
    await other.call(
      "FUNCTION",
      "LOAD",
      `#!lua name=lib\nredis.register_function('spin', function() ${SPIN} end)`,
    );
    const { started } = await startedSignal(server);
    const running = server.rest(["FCALL", "spin", "0"]);
    await started;
    await expect(other.ping()).rejects.toThrow(BUSY_FUNCTION);
    await expect(other.call("SCRIPT", "KILL")).rejects.toThrow(BUSY_FUNCTION);
    expect(await other.call("FUNCTION", "KILL")).toBe("OK");
    expect(await running).toEqual({
      error: "ERR Script killed by user with SCRIPT KILL... script: spin, on @user_function:2.",
    });
    expect(await other.ping()).toBe("PONG");
  });
});
