#!/usr/bin/env node
/**
 * `pnpm pack-smoke`: the published packages as a user gets them (issue 10). Builds the workspace,
 * runs `check:exports` (publint, attw), packs every public package with `pnpm pack` (which
 * rewrites `workspace:` and `catalog:` versions), installs the tarballs with npm into a fresh
 * temporary project and there:
 *   1. imports `@stratus/testing` and `@stratus/client`, starts an emulator, runs a command through
 *      the client and stops it;
 *   2. runs the installed bins: `stratus-emulator --help`, `stratus-tui --help`, and
 *      `stratus-conformance` (key-value, vector and management checks) against an emulator started
 *      by the installed `stratus-emulator`;
 * then runs `changeset status`. Exits non-zero on the first failure; prints each step's time.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The public packages, by folder. */
const PUBLIC_PACKAGES = [
  "packages/core",
  "packages/client",
  "packages/testing",
  "apps/emulator",
  "apps/tui",
];
/** CI has no global pnpm (README: `npx -y pnpm@10`); a pnpm that runs this script is reused. */
const PNPM = /pnpm[^/]*\.c?js$/.test(process.env.npm_execpath ?? "")
  ? [process.execPath, process.env.npm_execpath]
  : ["npx", "-y", "pnpm@10"];
/** Bounds the whole emulator-plus-conformance step of the installed bins. */
const BIN_STEP_TIMEOUT_MS = 60_000;

const startedAt = performance.now();

function step(name, action) {
  const stepStart = performance.now();
  process.stdout.write(`pack-smoke: ${name}…\n`);
  const result = action();
  const finish = () =>
    process.stdout.write(
      `pack-smoke: ${name} done in ${((performance.now() - stepStart) / 1000).toFixed(1)} s\n`,
    );
  if (result instanceof Promise) {
    return result.then((value) => {
      finish();
      return value;
    });
  }
  finish();
  return result;
}

/** Runs a command, streaming its output; throws when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) {
    throw new Error(
      `${[command, ...args].join(" ")} exited with ${result.status ?? result.signal}`,
    );
  }
  return result;
}

/** Runs a command and returns its stdout; throws with its output when it fails. */
function capture(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    throw new Error(
      `${[command, ...args].join(" ")} exited with ${result.status ?? result.signal}:\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/** What the temporary project runs: the libraries as a user imports them. */
const LIBRARY_SMOKE = `
import * as client from "@stratus/client";
import { startEmulator, uniqueKey } from "@stratus/testing";
import { runConformance } from "@stratus/testing/conformance";

const emulator = await startEmulator();
try {
  const key = uniqueKey("smoke");
  if (typeof client.createKv !== "function") {
    throw new Error("@stratus/client does not export createKv");
  }
  const kv = client.createKv({ url: emulator.url, token: emulator.token });
  await kv.set(key, "packed");
  const value = await kv.get(key);
  if (value !== "packed") {
    throw new Error(\`GET through @stratus/client returned \${JSON.stringify(value)}\`);
  }
  const report = await runConformance({ kv: { url: emulator.url, token: emulator.token }, only: ["pipeline/"] });
  if (!report.ok || report.passed === 0) {
    throw new Error(\`conformance from the tarball: \${JSON.stringify(report.results)}\`);
  }
  process.stdout.write("library smoke: ok\\n");
} finally {
  await emulator.stop();
}
`;

/**
 * Starts the installed `stratus-emulator` on a random port and resolves with its start-up details
 * (URLs, tokens, management credentials), read from its `--json` start-up line.
 */
function startInstalledEmulator(project) {
  const child = spawn(
    join(project, "node_modules/.bin/stratus-emulator"),
    ["--port", "0", "--no-resp", "--in-memory", "--json", "--read-only-token", "smoke-ro"],
    { cwd: project, stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("the installed stratus-emulator did not start"));
    }, BIN_STEP_TIMEOUT_MS);
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      output += chunk;
      const newline = output.indexOf("\n");
      if (newline !== -1) {
        clearTimeout(timer);
        try {
          resolve({ child, details: JSON.parse(output.slice(0, newline)) });
        } catch (error) {
          child.kill("SIGKILL");
          reject(
            new Error(`stratus-emulator --json printed ${output.slice(0, newline)}: ${error}`),
          );
        }
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the installed stratus-emulator exited with ${code}:\n${output}`));
    });
  });
}

/**
 * `changeset status` compares with the base branch, `main`. A clone that lacks a local `main`
 * (a detached CI checkout) compares with HEAD instead, which still validates every changeset.
 */
function changesetSince() {
  const hasMain =
    spawnSync("git", ["rev-parse", "--verify", "--quiet", "main"], { cwd: root, stdio: "ignore" })
      .status === 0;
  return hasMain ? [] : ["--since=HEAD"];
}

async function main() {
  step("build", () => run(PNPM[0], [...PNPM.slice(1), "run", "build"], { cwd: root }));
  // publint --strict on every package, attw on the libraries (turbo reuses the build above).
  step("check:exports", () =>
    capture(PNPM[0], [...PNPM.slice(1), "run", "check:exports"], { cwd: root }),
  );

  const work = mkdtempSync(join(tmpdir(), "stratus-pack-smoke-"));
  try {
    const tarballs = join(work, "tarballs");
    mkdirSync(tarballs);
    // One recursive call: each package costs a pnpm start-up otherwise (~5 s through npx).
    step("pnpm pack", () =>
      capture(
        PNPM[0],
        [
          ...PNPM.slice(1),
          "--recursive",
          ...PUBLIC_PACKAGES.flatMap((folder) => ["--filter", `./${folder}`]),
          "pack",
          "--pack-destination",
          tarballs,
        ],
        { cwd: root },
      ),
    );
    const files = readdirSync(tarballs).filter((name) => name.endsWith(".tgz"));
    if (files.length !== PUBLIC_PACKAGES.length) {
      throw new Error(`expected ${PUBLIC_PACKAGES.length} tarballs, got ${files.join(", ")}`);
    }

    const project = join(work, "project");
    mkdirSync(project);
    writeFileSync(
      join(project, "package.json"),
      `${JSON.stringify({ name: "stratus-pack-smoke", private: true, type: "module" }, null, 2)}\n`,
    );
    step("npm install of the tarballs", () =>
      run(
        "npm",
        [
          "install",
          "--no-audit",
          "--no-fund",
          "--loglevel=error",
          ...files.map((f) => join(tarballs, f)),
        ],
        { cwd: project },
      ),
    );

    step("import @stratus/testing and @stratus/client", () => {
      writeFileSync(join(project, "smoke.mjs"), LIBRARY_SMOKE);
      run(process.execPath, ["smoke.mjs"], { cwd: project });
    });

    step("installed bins: --help", () => {
      for (const bin of ["stratus-emulator", "stratus-tui", "stratus-conformance"]) {
        const help = capture(join(project, "node_modules/.bin", bin), ["--help"], { cwd: project });
        process.stdout.write(`${bin} --help: ${help.split("\n")[0]}\n`);
      }
    });

    await step("installed stratus-conformance against the installed stratus-emulator", async () => {
      const { child, details } = await startInstalledEmulator(project);
      try {
        const table = capture(
          join(project, "node_modules/.bin/stratus-conformance"),
          [
            ...["--kv-url", details.url, "--kv-token", details.token],
            ...["--kv-read-only-token", details.readOnlyToken],
            ...["--vector-url", details.vectorUrl, "--vector-token", details.vectorToken],
            ...["--vector-read-only-token", details.vectorReadOnlyToken],
            ...["--management-url", details.managementUrl],
            ...["--email", details.email, "--api-key", details.apiKey],
          ],
          { cwd: project, timeout: BIN_STEP_TIMEOUT_MS },
        );
        // Its summary reworded, so CI logs do not mistake it for the test runner's closing count.
        const summary = table.trim().split("\n").at(-1) ?? "";
        process.stdout.write(
          `stratus-conformance from the tarball: ${summary.replace(/, /g, "; ")}\n`,
        );
      } finally {
        child.kill("SIGTERM");
      }
    });

    step("changeset status", () =>
      run(PNPM[0], [...PNPM.slice(1), "exec", "changeset", "status", ...changesetSince()], {
        cwd: root,
      }),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  process.stdout.write(
    `pack-smoke: ok in ${((performance.now() - startedAt) / 1000).toFixed(1)} s\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`pack-smoke: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
