import { once } from "node:events";
import { connect } from "node:net";
import { describe, test } from "vitest";
import { startEmulator, TEST_EMAIL } from "./start-emulator.ts";

async function run(url: string, token: string, argv: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify(argv),
  });
  return response.json();
}

describe("startEmulator", () => {
  test("serves the default database on a random port with its tokens", async ({ expect }) => {
    await using emu = await startEmulator({ token: "fixed" });
    expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.token).toBe("fixed");
    expect(await run(emu.url, emu.token, ["SET", "k", "v"])).toEqual({ result: "OK" });
    expect(await run(emu.url, emu.readOnlyToken, ["GET", "k"])).toEqual({ result: "v" });
    expect(emu.respAddress).toBeUndefined();
  });

  test("the manual clock drives expiry", async ({ expect }) => {
    await using emu = await startEmulator({ startTimeMs: Date.UTC(2030, 0, 1) });
    expect(emu.clock.now()).toBe(Date.UTC(2030, 0, 1));
    await emu.command(["SET", "k", "v", "PX", "1000"]);
    emu.clock.advance(999);
    expect(await emu.command(["GET", "k"])).toBe("v");
    emu.clock.advance(1);
    expect(await emu.command(["GET", "k"])).toBeNull();
  });

  test("reports management credentials, generated or given", async ({ expect }) => {
    await using generated = await startEmulator();
    expect(generated.management.url).toBe(`${generated.url}/v2`);
    expect(generated.management.email).toBe(TEST_EMAIL);
    expect(generated.management.apiKey.length).toBeGreaterThan(10);
    expect(generated.emulator.config.apiKey).toBe(generated.management.apiKey);
    await using given = await startEmulator({ email: "ops@example.com", apiKey: "key-1" });
    expect(given.management).toMatchObject({ email: "ops@example.com", apiKey: "key-1" });
  });

  test("seeds at start and resets on request", async ({ expect }) => {
    await using emu = await startEmulator({ seed: { strings: { greeting: "hello" } } });
    expect(await emu.command(["GET", "greeting"])).toBe("hello");
    await emu.seed({ lists: { queue: ["a", "b"] } });
    expect(await emu.command(["LRANGE", "queue", 0, -1])).toEqual(["a", "b"]);
    await emu.reset();
    expect(await emu.command(["DBSIZE"])).toBe(0);
  });

  test("the in-process fetch needs no socket", async ({ expect }) => {
    await using emu = await startEmulator();
    const response = await emu.fetch("http://anywhere.invalid/pipeline", {
      method: "POST",
      headers: { authorization: `Bearer ${emu.token}` },
      body: JSON.stringify([["PING"]]),
    });
    expect(await response.json()).toEqual([{ result: "PONG" }]);
  });

  test("serves RESP2 when asked, behind the token that redisUrl carries", async ({ expect }) => {
    await using emu = await startEmulator({ resp: true });
    expect(emu.respAddress).toMatch(/^127\.0\.0\.1:\d+$/);
    const url = new URL(emu.redisUrl ?? "");
    expect(url.username).toBe("default");
    expect(decodeURIComponent(url.password)).toBe(emu.token);
    const socket = connect(Number(url.port), url.hostname);
    socket.setEncoding("latin1");
    let received = "";
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.write(
      `PING\r\nAUTH ${url.username} ${decodeURIComponent(url.password)}\r\nPING\r\nQUIT\r\n`,
    );
    await once(socket, "close");
    expect(received).toBe("-NOAUTH Authentication required.\r\n+OK\r\n+PONG\r\n+OK\r\n");
  });

  test("a failing seed stops the emulator and rejects", async ({ expect }) => {
    await expect(startEmulator({ seed: { bitmaps: { b: [-1] } } })).rejects.toThrow(
      /ERR bit offset is not an integer or out of range, command was: \["SETBIT","b",-1,1\]/,
    );
  });

  test("stop closes the port and may be called twice", async ({ expect }) => {
    const emu = await startEmulator();
    await emu.stop();
    await emu.close();
    await expect(fetch(emu.url)).rejects.toThrow();
  });
});

test("state: applied at start, restored by reset(), emptied by reset({ to: 'empty' })", async ({
  expect,
}) => {
  await using emulator = await startEmulator({
    state: { kv: { default: [["SET", "fixture", "1"]] } },
  });
  expect(await emulator.command(["GET", "fixture"])).toBe("1");
  await emulator.command(["SET", "fixture", "2"]);
  await emulator.command(["SET", "stray", "x"]);
  await emulator.reset();
  expect(await emulator.command(["GET", "fixture"])).toBe("1");
  expect(await emulator.command(["EXISTS", "stray"])).toBe(0);
  await emulator.reset({ product: "kv", resource: "default", to: "empty" });
  expect(await emulator.command(["DBSIZE"])).toBe(0);
});

test("injectFault: a rule for one test, counted, removed", async ({ expect }) => {
  await using emulator = await startEmulator();
  const fault = emulator.injectFault("kv:error=requests-limit,command=incr");
  await expect(emulator.command(["INCR", "n"])).rejects.toThrow("ERR max requests limit exceeded.");
  expect(await emulator.command(["GET", "n"])).toBeNull();
  expect(fault.counts()).toEqual({ matched: 1, injected: 1 });
  fault.remove();
  expect(await emulator.command(["INCR", "n"])).toBe(1);
  emulator.injectFault({ interface: "kv", error: "internal" });
  emulator.clearFaults();
  expect(await emulator.command(["INCR", "n"])).toBe(2);
});
