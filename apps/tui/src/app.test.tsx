import { EventEmitter } from "node:events";
import { startEmulator } from "@stratus/testing";
import { render } from "ink";
import { test } from "vitest";
import { KEYS, renderScreen } from "../test/support/render.tsx";
import { emulatorServices } from "../test/support/services.ts";
import { App } from "./app.tsx";

const OPTIONS = { period: "1h", refreshMs: 60_000 } as const;

test("switches screens with number keys and tab, and shows the help footer", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(<App services={services} options={OPTIONS} />);
  try {
    let frame = await screen.waitFor((text) => text.includes("[1 Resources]"));
    expect(frame).toContain("1-7/tab screens · q quit");
    await screen.press("4");
    frame = await screen.waitFor((text) => text.includes("[4 Monitor]"));
    expect(frame).toContain("ev/s");
    await screen.press(KEYS.tab);
    await screen.waitFor((text) => text.includes("[5 Pub/Sub]"));
    await screen.press(KEYS.shiftTab);
    await screen.waitFor((text) => text.includes("[4 Monitor]"));
    await screen.press("3");
    await screen.waitFor((text) => text.includes("[3 Database stats]") && text.includes("[1h]"));
    await screen.press("2");
    frame = await screen.waitFor((text) => text.includes("Vector index"));
    expect(frame).toContain("[2 Vector stats]");
    await screen.press("7");
    await screen.waitFor((text) => text.includes("[7 Queues]") && text.includes("delivery log"));
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("keys typed into the console are text, not screen switches; esc gives them back", async ({
  expect,
}) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(
    <App services={services} options={OPTIONS} initialScreen="Console" />,
  );
  try {
    await screen.waitFor((text) => text.includes("[6 Console]"));
    await screen.press("ECHO 1q2");
    await screen.press(KEYS.enter);
    const frame = await screen.waitFor((text) => text.includes('"1q2"'));
    expect(frame).toContain("[6 Console]");
    expect(frame).toContain("esc leave the field");
    await screen.press(KEYS.escape);
    await screen.waitFor((text) => text.includes("q quit"));
    await screen.press("1");
    await screen.waitFor((text) => text.includes("[1 Resources]"));
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("a subscription and the console history survive switching screens", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(
    <App services={services} options={OPTIONS} initialScreen="Pub/Sub" />,
  );
  try {
    await screen.waitFor((text) => text.includes("Press s to subscribe"));
    await screen.press("s");
    await screen.press("kept");
    await screen.press(KEYS.enter);
    await screen.waitFor((text) => text.includes("· subscribe kept"));
    // When: away on the Resources screen, a message arrives.
    await screen.press("1");
    await screen.waitFor((text) => text.includes("[1 Resources]"));
    await emulator.command(["PUBLISH", "kept", "while-away"]);
    // Then: back on Pub/Sub, it is there.
    await screen.press("5");
    const frame = await screen.waitFor((text) => text.includes("[kept] while-away"));
    expect(frame).toContain("subscribed: kept");
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("opening a resource shows its stats", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(<App services={services} options={OPTIONS} />);
  try {
    await screen.waitFor((text) => text.includes("› default"));
    await screen.press(KEYS.enter);
    const frame = await screen.waitFor((text) => text.includes("Database default"));
    expect(frame).toContain("[3 Database stats]");
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("fits 80×24 and redraws for a resize", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const screen = renderScreen(
    <App services={services} options={OPTIONS} initialScreen="Database stats" />,
  );
  try {
    const small = await screen.waitFor((text) => text.includes("series 1–"));
    const lines = small.split("\n");
    expect(lines.length).toBeLessThanOrEqual(23);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(80);
    const rowsAt24 = Number(/series 1–(\d+)/.exec(small)?.[1]);
    // When: the terminal grows.
    screen.resize(120, 40);
    const large = await screen.waitFor((text) => {
      const rows = Number(/series 1–(\d+)/.exec(text)?.[1]);
      return rows > rowsAt24;
    });
    expect(Math.max(...large.split("\n").map((line) => line.length))).toBeGreaterThan(80);
    expect(large.split("\n").length).toBeLessThanOrEqual(39);
  } finally {
    screen.unmount();
    await services.close();
  }
});

test("q quits", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  // ink-testing-library does not expose `waitUntilExit`, so this one renders with Ink directly.
  const streams = fakeTerminal();
  const instance = render(<App services={services} options={OPTIONS} />, {
    stdout: streams.stdout as unknown as NodeJS.WriteStream,
    stdin: streams.stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  try {
    for (let i = 0; i < 100 && streams.stdin.listenerCount("readable") === 0; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    streams.stdin.write("q");
    await expect(instance.waitUntilExit()).resolves.toBeUndefined();
  } finally {
    instance.unmount();
    await services.close();
  }
});

test("with a stdin that is not a terminal it renders without raw mode", async ({ expect }) => {
  await using emulator = await startEmulator();
  const services = emulatorServices(emulator);
  const streams = fakeTerminal({ isTTY: false });
  let frame = "";
  streams.stdout.on("frame", (text: string) => {
    frame = text;
  });
  const setRawMode = (): never => {
    throw new Error("raw mode entered");
  };
  Object.assign(streams.stdin, { setRawMode });
  const instance = render(<App services={services} options={OPTIONS} initialScreen="Console" />, {
    stdout: streams.stdout as unknown as NodeJS.WriteStream,
    stdin: streams.stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  try {
    // The console renders its prompt as plain text: no field can take keys.
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (frame.includes("[6 Console]")) {
          streams.stdout.off("frame", check);
          resolve();
        }
      };
      streams.stdout.on("frame", check);
      check();
    });
    expect(frame).toContain("> –");
  } finally {
    instance.unmount();
    await services.close();
  }
});

/** The least of a TTY that Ink needs; `frame` is emitted with each write. */
function fakeTerminal(options: { readonly isTTY?: boolean } = {}): {
  stdout: EventEmitter;
  stdin: EventEmitter & { write(data: string): void };
} {
  const stdout = Object.assign(new EventEmitter(), {
    columns: 80,
    rows: 24,
    write: (text: string) => {
      stdout.emit("frame", text);
      return true;
    },
  });
  let pending: string | null = null;
  const stdin = Object.assign(new EventEmitter(), {
    isTTY: options.isTTY ?? true,
    setEncoding: () => undefined,
    setRawMode: () => undefined,
    ref: () => undefined,
    unref: () => undefined,
    resume: () => undefined,
    pause: () => undefined,
    read: () => {
      const data = pending;
      pending = null;
      return data;
    },
    write: (data: string) => {
      pending = data;
      stdin.emit("readable");
    },
  });
  return { stdout, stdin };
}

test("active fault rules show on every screen with how often they fired", async ({ expect }) => {
  await using emulator = await startEmulator();
  const rule = emulator.emulator.faults.add({ interface: "kv", command: "GET", error: "internal" });
  await emulator.command(["GET", "k"]).catch(() => undefined);
  const services = emulatorServices(emulator);
  const screen = renderScreen(
    <App services={services} options={OPTIONS} initialScreen="Console" />,
  );
  try {
    const frame = await screen.waitFor((text) => text.includes("fault injection"));
    expect(frame).toContain(`⚠ fault injection: 1 rule, 1 injected — ${rule.id} kv internal ×1`);
  } finally {
    screen.unmount();
    await services.close();
  }
});
