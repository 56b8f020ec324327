#!/usr/bin/env node
/**
 * The `stratus-emulator` bin: flags and environment → configuration → servers, then a start-up
 * block with everything a client needs (URLs, tokens, a ready-to-paste `.env`).
 */
import { isClusterWorker, runClusterPrimary, runClusterWorker } from "./cluster.ts";
import { HELP_TEXT, readCliConfig, readWorkerConfig } from "./config.ts";
import { createEmulator, type Emulator } from "./emulator.ts";
import { EmulatorError } from "./errors.ts";

function startupDetails(emulator: Emulator): Record<string, string | null> {
  return {
    url: emulator.url,
    token: emulator.token,
    readOnlyToken: emulator.readOnlyToken,
    respAddress: emulator.respAddress ?? null,
    respAuth: emulator.respAddress === undefined ? null : emulator.config.respAuth,
    redisUrl: emulator.redisUrl ?? null,
    dataDir: emulator.config.dataDir ?? null,
    vectorUrl: emulator.vectorUrl,
    vectorToken: emulator.vectorToken,
    vectorReadOnlyToken: emulator.vectorReadOnlyToken,
    managementUrl: emulator.managementUrl,
    email: emulator.email,
    apiKey: emulator.apiKey,
  };
}

/** The RESP port and how it is guarded: an open port is said to be open. */
function respLine(emulator: Emulator): string {
  if (emulator.respAddress === undefined) {
    return "off";
  }
  return emulator.config.respAuth === "token"
    ? `redis://${emulator.respAddress} (AUTH with a database's token)`
    : `redis://${emulator.respAddress} (OPEN: no AUTH, anyone on this machine reaches the default database; --resp-auth none)`;
}

function startupBlock(emulator: Emulator): string {
  const lines = [
    `stratus-emulator is ready`,
    ``,
    `  Key-value REST   ${emulator.url}`,
    `  Standard token   ${emulator.token}`,
    `  Read Only token  ${emulator.readOnlyToken}`,
    `  Vector REST      ${emulator.vectorUrl}`,
    `  Vector token     ${emulator.vectorToken}`,
    `  Vector Read Only ${emulator.vectorReadOnlyToken}`,
    `  RESP             ${respLine(emulator)}`,
    `  Management API   ${emulator.managementUrl} (basic auth)`,
    `  Email            ${emulator.email}`,
    `  API key          ${emulator.apiKey}`,
    `  Data             ${emulator.config.dataDir === undefined ? "in memory (nothing is kept)" : `persisted in ${emulator.config.dataDir}`}`,
    ``,
    `Paste into .env for @upstash/redis:`,
    `UPSTASH_REDIS_REST_URL=${emulator.url}`,
    `UPSTASH_REDIS_REST_TOKEN=${emulator.token}`,
    `KV_REST_API_URL=${emulator.url}`,
    `KV_REST_API_TOKEN=${emulator.token}`,
    `KV_REST_API_READ_ONLY_TOKEN=${emulator.readOnlyToken}`,
    ...(emulator.redisUrl === undefined ? [] : [`REDIS_URL=${emulator.redisUrl}`]),
    ``,
    `Paste into .env for @upstash/vector:`,
    `UPSTASH_VECTOR_REST_URL=${emulator.vectorUrl}`,
    `UPSTASH_VECTOR_REST_TOKEN=${emulator.vectorToken}`,
    ``,
    // The names the Terraform provider (and Pulumi) read (management-api.md §9).
    `Management API credentials:`,
    `UPSTASH_EMAIL=${emulator.email}`,
    `UPSTASH_API_KEY=${emulator.apiKey}`,
    ``,
  ];
  return lines.join("\n");
}

async function main(): Promise<void> {
  if (isClusterWorker()) {
    await runClusterWorker(readWorkerConfig());
    return;
  }
  const command = readCliConfig(process.argv.slice(2));
  if (command.kind === "help") {
    process.stdout.write(HELP_TEXT);
    return;
  }
  if (command.workers !== undefined) {
    await runClusterPrimary({ ...command, workers: command.workers });
    return;
  }
  const emulator = await createEmulator(command.config);
  process.stdout.write(
    command.isJson ? `${JSON.stringify(startupDetails(emulator))}\n` : startupBlock(emulator),
  );
  const stop = (): void => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  if (error instanceof EmulatorError && error.isUserError) {
    process.stderr.write(`stratus-emulator: ${error.message}\n`);
  } else {
    process.stderr.write(
      `stratus-emulator: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exitCode = 1;
});
