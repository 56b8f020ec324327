#!/usr/bin/env node
/**
 * The `stratus-emulator` bin: flags and environment → configuration → servers, then a start-up
 * block with everything a client needs (URLs, tokens, a ready-to-paste `.env`).
 */
import type { ConnectionDetails } from "@stratus/core/schemas";
import { isClusterWorker, runClusterPrimary, runClusterWorker } from "./cluster.ts";
import { commandLineArguments, HELP_TEXT, readCliConfig, readWorkerConfig } from "./config.ts";
import { removeConnectionFile, writeConnectionFile } from "./connection-file.ts";
import { createEmulator, type Emulator } from "./emulator.ts";
import { EmulatorError } from "./errors.ts";
import { isRdbCommand, runRdbCommand } from "./rdb-cli.ts";
import { isSnapshotCommand, runSnapshotCommand } from "./snapshot-cli.ts";

function startupDetails(emulator: Emulator): ConnectionDetails {
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
    searchUrl: emulator.searchUrl,
    searchToken: emulator.searchToken,
    searchReadOnlyToken: emulator.searchReadOnlyToken,
    managementUrl: emulator.managementUrl,
    email: emulator.email,
    apiKey: emulator.apiKey,
    queueUrl: emulator.queueUrl,
    queueToken: emulator.queueToken,
    queueCurrentSigningKey: emulator.queueCurrentSigningKey,
    queueNextSigningKey: emulator.queueNextSigningKey,
    ...(emulator.queueDevUrl === undefined ? {} : { queueDevUrl: emulator.queueDevUrl }),
  };
}

/** Never silently on: active fault rules are listed in the start-up block. */
function faultLines(emulator: Emulator): string[] {
  const rules = emulator.faults.list();
  if (rules.length === 0) {
    return [];
  }
  return [
    `  Faults           ${rules.length} rule${rules.length === 1 ? "" : "s"} ACTIVE (GET /_stratus/faults)`,
    ...rules.map(({ rule }) => `                   ${rule.id}: ${JSON.stringify(rule)}`),
  ];
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
    `  Search REST      ${emulator.searchUrl}`,
    `  Search token     ${emulator.searchToken}`,
    `  Search Read Only ${emulator.searchReadOnlyToken}`,
    `  RESP             ${respLine(emulator)}`,
    `  Queues (QStash)  ${emulator.queueUrl}`,
    `  Queue token      ${emulator.queueToken}`,
    ...(emulator.queueDevUrl === undefined
      ? []
      : [
          `  QStash dev mode  ${emulator.queueDevUrl} (QSTASH_DEV=true, the SDK's dev credentials)`,
        ]),
    `  Management API   ${emulator.managementUrl} (basic auth)`,
    `  Email            ${emulator.email}`,
    `  API key          ${emulator.apiKey}`,
    `  Data             ${emulator.config.dataDir === undefined ? "in memory (nothing is kept)" : `persisted in ${emulator.config.dataDir}`}`,
    ...faultLines(emulator),
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
    `Paste into .env for @upstash/search:`,
    `UPSTASH_SEARCH_REST_URL=${emulator.searchUrl}`,
    `UPSTASH_SEARCH_REST_TOKEN=${emulator.searchToken}`,
    ``,
    `Paste into .env for @upstash/qstash:`,
    `QSTASH_URL=${emulator.queueUrl}`,
    `QSTASH_TOKEN=${emulator.queueToken}`,
    `QSTASH_CURRENT_SIGNING_KEY=${emulator.queueCurrentSigningKey}`,
    `QSTASH_NEXT_SIGNING_KEY=${emulator.queueNextSigningKey}`,
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
  const argv = commandLineArguments(process.argv.slice(2));
  if (isSnapshotCommand(argv)) {
    process.stdout.write(await runSnapshotCommand(argv));
    return;
  }
  if (isRdbCommand(argv)) {
    process.stdout.write(await runRdbCommand(argv));
    return;
  }
  const command = readCliConfig(argv);
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
  // Beside the data, for `stratus-tui` started in the same directory.
  const connectionFile = await writeConnectionFile(startupDetails(emulator));
  const stop = (): void => {
    Promise.all([removeConnectionFile(connectionFile), emulator.close()]).then(
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
