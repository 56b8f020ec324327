/**
 * `--workers N`: N node:cluster worker processes serve one proxied Redis. The proxy backend keeps
 * no state of its own, so any worker can answer any request; the workers share the HTTP port (and
 * the RESP port) through cluster, whose primary hands each new connection to the next worker.
 *
 * The primary resolves the configuration once (generating the tokens, so every worker accepts the
 * same ones), forks the workers with it, prints the start-up block once every worker listens, and
 * stops them all on SIGINT or SIGTERM. A worker that dies is reported and not replaced: it dies
 * only from a bug or an outside kill, respawning would hide a crash loop, and the survivors already
 * serve every new connection. The emulator stops (exit code 1) when its last worker is gone.
 */
import cluster, { type Worker } from "node:cluster";
import { generateToken } from "@stratus/core/auth";
import { type EmulatorConfig, WORKER_CONFIG_VARIABLE } from "./config.ts";
import { createEmulator, type Emulator } from "./emulator.ts";
import { EmulatorError, type EmulatorErrorCode } from "./errors.ts";

/** What a worker tells its primary over the cluster IPC channel. */
type WorkerMessage =
  | { readonly kind: "ready"; readonly url: string; readonly respAddress: string | null }
  | { readonly kind: "failed"; readonly code: EmulatorErrorCode; readonly message: string };

/** How long the primary waits for its workers to close before it kills them. */
const STOP_TIMEOUT_MS = 5000;

export interface ClusterOptions {
  /** The configuration from flags and variables, before tokens are generated. */
  readonly config: EmulatorConfig;
  readonly workers: number;
  readonly isJson: boolean;
}

/** Whether this process is a `--workers` worker, which `runClusterWorker` runs. */
export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/**
 * The configuration every worker runs: the tokens fixed here, once, and no data directory (the
 * data is in Redis; the per-process services that would use one are off with --workers).
 */
export function resolveWorkerConfig(config: EmulatorConfig): EmulatorConfig {
  const { dataDir: _ignoredDataDir, ...rest } = config;
  return {
    ...rest,
    token: config.token ?? generateToken(),
    readOnlyToken: config.readOnlyToken ?? generateToken(),
  };
}

/** The primary: forks the workers, prints the start-up details once, and supervises them. */
export async function runClusterPrimary(options: ClusterOptions): Promise<void> {
  const config = resolveWorkerConfig(options.config);
  const env = { [WORKER_CONFIG_VARIABLE]: JSON.stringify(config) };
  const workers = Array.from({ length: options.workers }, () => cluster.fork(env));
  let isStopping = false;
  const stop = async (exitCode: number): Promise<never> => {
    isStopping = true;
    await stopWorkers(workers);
    process.exit(exitCode);
  };
  let ready: Extract<WorkerMessage, { kind: "ready" }>;
  try {
    ready = (await Promise.all(workers.map(workerReady)))[0] as typeof ready;
  } catch (error: unknown) {
    await stopWorkers(workers);
    throw error;
  }
  const pids = workers.map((worker) => worker.process.pid ?? 0);
  const details = { ...ready, config, pids };
  process.stdout.write(
    options.isJson ? `${JSON.stringify(startupDetails(details))}\n` : startupBlock(details),
  );
  cluster.on("exit", (worker, code, signal) => {
    if (isStopping) {
      return;
    }
    const left = workers.filter((each) => !each.isDead()).length;
    const how = signal === null ? `with code ${code}` : `on ${signal}`;
    process.stderr.write(
      `stratus-emulator: worker ${worker.id} (pid ${worker.process.pid}) exited ${how}; ` +
        (left === 0
          ? "no worker is left, stopping\n"
          : `${left} of ${workers.length} keep serving (workers are not restarted)\n`),
    );
    if (left === 0) {
      void stop(1);
    }
  });
  process.once("SIGINT", () => void stop(0));
  process.once("SIGTERM", () => void stop(0));
}

/** Resolves when the worker listens; rejects with its start-up error, or if it dies first. */
function workerReady(worker: Worker): Promise<Extract<WorkerMessage, { kind: "ready" }>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number, signal: string | null): void => {
      reject(
        new EmulatorError(
          "ERR_INTERNAL",
          `worker ${worker.id} exited ${signal === null ? `with code ${code}` : `on ${signal}`} before it listened`,
        ),
      );
    };
    worker.once("exit", onExit);
    worker.once("message", (message: WorkerMessage) => {
      worker.off("exit", onExit);
      if (message.kind === "ready") {
        resolve(message);
      } else {
        reject(new EmulatorError(message.code, message.message));
      }
    });
  });
}

/** SIGTERM to every live worker (each closes its servers), SIGKILL to those still up after a while. */
async function stopWorkers(workers: readonly Worker[]): Promise<void> {
  const live = workers.filter((worker) => !worker.isDead());
  const exits = live.map(
    (worker) => new Promise<void>((resolve) => worker.process.once("exit", () => resolve())),
  );
  for (const worker of live) {
    worker.process.kill("SIGTERM");
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), STOP_TIMEOUT_MS);
  });
  if ((await Promise.race([Promise.all(exits), timeout])) === "timeout") {
    for (const worker of live) {
      if (!worker.isDead()) {
        worker.process.kill("SIGKILL");
      }
    }
    await Promise.all(exits);
  }
  clearTimeout(timer);
}

/**
 * A worker: runs the emulator in `--workers` mode with the primary's configuration, reports
 * readiness (or its start-up error, which the primary prints once) and closes on SIGINT/SIGTERM.
 */
export async function runClusterWorker(config: EmulatorConfig): Promise<void> {
  let emulator: Emulator;
  try {
    emulator = await createEmulator({ ...config, isClusterWorker: true, onError: logWorkerError });
  } catch (error: unknown) {
    const isUserError = error instanceof EmulatorError && error.isUserError;
    await send({
      kind: "failed",
      code: isUserError ? error.code : "ERR_INTERNAL",
      message: isUserError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error),
    });
    process.exit(1);
  }
  const close = (): void => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", close);
  process.once("SIGTERM", close);
  await send({ kind: "ready", url: emulator.url, respAddress: emulator.respAddress ?? null });
}

/** Sends `message` to the primary; resolves once it is written. */
function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (process.send === undefined) {
      resolve();
      return;
    }
    process.send(message, undefined, undefined, () => resolve());
  });
}

/** Internal errors and warnings (e.g. Redis unreachable) of a worker, naming it. */
function logWorkerError(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`stratus-emulator (worker pid ${process.pid}): ${text}\n`);
}

interface ClusterDetails {
  readonly url: string;
  readonly respAddress: string | null;
  readonly config: EmulatorConfig;
  readonly pids: readonly number[];
}

/** `--json`: the keys of the single-process line, with null for what workers do not serve. */
function startupDetails(details: ClusterDetails): Record<string, unknown> {
  return {
    url: details.url,
    token: details.config.token,
    readOnlyToken: details.config.readOnlyToken,
    respAddress: details.respAddress,
    dataDir: null,
    vectorUrl: null,
    searchUrl: null,
    managementUrl: null,
    workerPids: details.pids,
  };
}

function startupBlock(details: ClusterDetails): string {
  const { url, config } = details;
  return [
    `stratus-emulator is ready: ${details.pids.length} workers proxy ${redactedUrl(config.redisUrl ?? "")}`,
    ``,
    `  Key-value REST   ${url}`,
    `  Standard token   ${config.token}`,
    `  Read Only token  ${config.readOnlyToken}`,
    `  RESP             ${clusterRespLine(details)}`,
    `  Workers          pids ${details.pids.join(", ")}, sharing these ports`,
    `  Data             in Redis only: no data directory with --workers`,
    `  Not served       vector indexes, search databases and the management API (per-process state; 404)`,
    ``,
    `Paste into .env for @upstash/redis:`,
    `UPSTASH_REDIS_REST_URL=${url}`,
    `UPSTASH_REDIS_REST_TOKEN=${config.token}`,
    `KV_REST_API_URL=${url}`,
    `KV_REST_API_TOKEN=${config.token}`,
    `KV_REST_API_READ_ONLY_TOKEN=${config.readOnlyToken}`,
    ...(details.respAddress === null
      ? []
      : [
          config.respAuth === "token"
            ? `REDIS_URL=redis://default:${encodeURIComponent(config.token ?? "")}@${details.respAddress}`
            : `REDIS_URL=redis://${details.respAddress}`,
        ]),
    ``,
  ].join("\n");
}

/** The RESP port and how it is guarded, as the single-process block says it. */
function clusterRespLine(details: ClusterDetails): string {
  if (details.respAddress === null) {
    return "off";
  }
  return details.config.respAuth === "token"
    ? `redis://${details.respAddress} (AUTH with the token)`
    : `redis://${details.respAddress} (OPEN: no AUTH, anyone on this machine reaches the database; --resp-auth none)`;
}

/** The Redis URL without its password, which does not belong in a terminal's scrollback. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") {
      parsed.password = "***";
    }
    return parsed.toString();
  } catch {
    return "Redis";
  }
}
