/**
 * The built bin in a real terminal: tmux runs it at 80×24 against a running emulator, keys go in
 * with `send-keys`, the screen comes back with `capture-pane -p`. Skips itself without tmux.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type TestEmulator } from "@stratus/testing";
import { afterAll, beforeAll, describe, test } from "vitest";
import { bundleCli } from "../support/bundle.ts";

function findTmux(): string | undefined {
  try {
    return execFileSync("sh", ["-c", "command -v tmux"], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

const TMUX = findTmux();
// A private tmux server (its own socket), so the test never touches the user's sessions.
const SOCKET = `stratus-tui-e2e-${process.pid}`;
const SESSION = "tui";

function tmux(...args: string[]): string {
  if (TMUX === undefined) {
    throw new Error("tmux is not installed");
  }
  return execFileSync(TMUX, ["-L", SOCKET, ...args], { encoding: "utf8" });
}

const capture = (): string => tmux("capture-pane", "-p", "-t", SESSION);

/** Polls the pane until `predicate` holds: tmux has no event to wait on. Bounded. */
async function waitForPane(
  predicate: (pane: string) => boolean,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let pane = "";
  while (Date.now() < deadline) {
    pane = capture();
    if (predicate(pane)) {
      return pane;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The pane never matched. It shows:\n${pane}`);
}

const quote = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`;

if (TMUX === undefined) {
  test.skip("stratus-tui in tmux: skipped, tmux is not installed (apt-get install tmux)", () =>
    undefined);
}

describe.skipIf(TMUX === undefined)("stratus-tui in tmux", () => {
  let emulator: TestEmulator;
  let workDir: string | undefined;

  beforeAll(async () => {
    const cli = await bundleCli("tmux");
    emulator = await startEmulator();
    await emulator.command(["SET", "greeting", "hello"]);
    // Started as a user does, in the directory where the emulator keeps its data: no credential
    // flags, the connection file supplies them. CI stays set (as CI sets it for this test): the
    // pane is a real terminal, which the TUI must detect and draw interactively.
    workDir = mkdtempSync(join(tmpdir(), "stratus-tui-e2e-"));
    mkdirSync(join(workDir, ".stratus"));
    writeFileSync(
      join(workDir, ".stratus", "connection.json"),
      JSON.stringify({
        url: emulator.url,
        token: emulator.token,
        readOnlyToken: emulator.readOnlyToken,
        respAddress: null,
        dataDir: join(workDir, ".stratus"),
        vectorUrl: emulator.vector.url,
        vectorToken: emulator.vector.token,
        vectorReadOnlyToken: emulator.vector.readOnlyToken,
        managementUrl: emulator.management.url,
        email: emulator.management.email,
        apiKey: emulator.management.apiKey,
      }),
    );
    const command = ["env", "CI=true", process.execPath, cli].map(quote).join(" ");
    // The exit code is printed after the app ends, and the pane stays for the test to read.
    tmux(
      "new-session",
      "-d",
      "-c",
      workDir,
      "-s",
      SESSION,
      "-x",
      "80",
      "-y",
      "24",
      `${command}; echo "EXITED:$?"; sleep 60`,
    );
  }, 120_000);

  afterAll(async () => {
    try {
      tmux("kill-server");
    } catch {
      // Already gone.
    }
    await emulator?.stop();
    if (workDir !== undefined) {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  test("switches screens, runs a command, watches the monitor, quits with q", async ({
    expect,
  }) => {
    // The Resources screen lists the default database.
    let pane = await waitForPane(
      (text) => text.includes("[1 Resources]") && text.includes("default"),
    );
    expect(pane).toContain("q quit");
    for (const line of pane.split("\n")) {
      expect(line.length).toBeLessThanOrEqual(80);
    }
    // Database stats.
    tmux("send-keys", "-t", SESSION, "3");
    pane = await waitForPane((text) => text.includes("Database default") && text.includes("[1h]"));
    tmux("send-keys", "-t", SESSION, "Right");
    await waitForPane((text) => text.includes("[3h]"));
    // The console: a command and its result.
    // Typed the moment the screen is asked for, as a person does: no wait, no retry. Every key
    // must land in the field, in order, and Enter must run the line drawn.
    tmux("send-keys", "-t", SESSION, "6");
    tmux("send-keys", "-t", SESSION, "-l", "GET greeting");
    tmux("send-keys", "-t", SESSION, "Enter");
    pane = await waitForPane((text) => text.split("\n").some((line) => line.trim() === '"hello"'));
    const rows = pane.split("\n").map((line) => line.trimEnd());
    const result = rows.findIndex((line) => line.trim() === '"hello"');
    expect(rows[result - 1]).toBe("> GET greeting");
    // The field is cleared after Enter and the prompt is drawn, empty, below the output.
    expect(rows.filter((line) => line.includes("GET greeting"))).toHaveLength(1);
    expect(rows.some((line) => line === ">")).toBe(true);
    // A second line typed straight away, with a key that used to switch screens.
    tmux("send-keys", "-t", SESSION, "-l", "ECHO 3q");
    tmux("send-keys", "-t", SESSION, "Enter");
    pane = await waitForPane((text) => text.includes('"3q"'));
    expect(pane).toContain("> ECHO 3q");
    tmux("send-keys", "-t", SESSION, "Escape");
    await waitForPane((text) => text.includes("q quit"));
    // The monitor shows commands sent from elsewhere.
    tmux("send-keys", "-t", SESSION, "4");
    await waitForPane((text) => text.includes("[4 Monitor]"));
    const deadline = Date.now() + 10_000;
    while (!capture().includes("from-outside") && Date.now() < deadline) {
      await emulator.command(["GET", "from-outside"]);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(capture()).toMatch(/GET\s+from-outside/);
    // A resize redraws at the new width.
    tmux("resize-window", "-t", SESSION, "-x", "100", "-y", "30");
    await waitForPane((text) => text.split("\n").length >= 29 && text.includes("q quit"));
    // q quits cleanly.
    tmux("send-keys", "-t", SESSION, "q");
    pane = await waitForPane((text) => text.includes("EXITED:"));
    expect(pane).toContain("EXITED:0");
  });
});
