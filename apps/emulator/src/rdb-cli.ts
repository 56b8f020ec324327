/**
 * `stratus-emulator import FILE` and `stratus-emulator export OUT`: an RDB file into, or out of, a
 * database of a data directory, while no emulator runs on it (the directory's lock says so). The
 * emulator is opened on the directory without listening for anyone (port 0, no RESP), so names
 * resolve as they do when it serves.
 */
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_DATA_DIR } from "./config.ts";
import { createEmulator, DEFAULT_DATABASE, type Emulator } from "./emulator.ts";
import { EmulatorError } from "./errors.ts";
import { MAX_RDB_VERSION, RDB_VERSION_REDIS_7_0, RdbFileError } from "./kv/rdb-file.ts";
import { exportRdb, importRdb, RdbTransferError } from "./kv/rdb-transfer.ts";
import { exportJsonl, importJsonl, JsonlImportError } from "./vector/jsonl.ts";

export const RDB_HELP_TEXT = `Usage:
  stratus-emulator import FILE [--database NAME] [--data-dir DIR]
  stratus-emulator export OUT [--database NAME] [--data-dir DIR] [--rdb-version 12|10]
  stratus-emulator import|export FILE.jsonl --vector-index NAME [--data-dir DIR]

import loads an RDB file written by redis-server (every key of every logical database, with its
TTL; keys of the same name are replaced) into a database of the data directory; a corrupt file
loads nothing. export writes every key of the database as an RDB file: version 12 (Redis 7.4 and
later, the default) or 10 (Redis 7.0; streams and hash field expirations need 12).
With --vector-index, the file is JSON Lines: one record per line (id, vector or sparseVector,
metadata, data, namespace), every namespace.
All need the emulator stopped: the data directory is locked while it runs. --database defaults
to "${DEFAULT_DATABASE}", --data-dir to ./${DEFAULT_DATA_DIR}.
`;

/** Whether `argv` asks for one of these commands. */
export function isRdbCommand(argv: readonly string[]): boolean {
  return argv[0] === "import" || argv[0] === "export";
}

function usage(message: string): never {
  throw new EmulatorError("ERR_INVALID_OPTIONS", `${message}\n\n${RDB_HELP_TEXT}`);
}

/** Runs the command; resolves with the line to print. */
export async function runRdbCommand(argv: readonly string[]): Promise<string> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv.slice(1),
      allowPositionals: true,
      strict: true,
      options: {
        database: { type: "string" },
        "vector-index": { type: "string" },
        "data-dir": { type: "string" },
        "rdb-version": { type: "string" },
        help: { type: "boolean" },
      },
    });
  } catch (error: unknown) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values["help"] === true) {
    return RDB_HELP_TEXT;
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0) {
    return usage(`${argv[0]}: give exactly one file`);
  }
  const name = String(parsed.values["database"] ?? DEFAULT_DATABASE);
  const dataDir = resolve(String(parsed.values["data-dir"] ?? DEFAULT_DATA_DIR));
  const version = Number(parsed.values["rdb-version"] ?? MAX_RDB_VERSION);
  if (version !== MAX_RDB_VERSION && version !== RDB_VERSION_REDIS_7_0) {
    return usage(`--rdb-version: 12 or 10, not ${String(parsed.values["rdb-version"])}`);
  }
  const emulator = await createEmulator({
    port: 0,
    respPort: null,
    dataDir,
    onFault: () => undefined,
  });
  const vectorIndex = parsed.values["vector-index"];
  try {
    if (typeof vectorIndex === "string") {
      return argv[0] === "import"
        ? await importVectors(emulator, { file, name: vectorIndex })
        : await exportVectors(emulator, { file, name: vectorIndex });
    }
    return argv[0] === "import"
      ? await importInto(emulator, { file, name })
      : await exportFrom(emulator, { file, name, version });
  } catch (error: unknown) {
    if (
      error instanceof RdbFileError ||
      error instanceof RdbTransferError ||
      error instanceof JsonlImportError
    ) {
      throw new EmulatorError("ERR_INVALID_OPTIONS", `${file}: ${error.message}`);
    }
    throw error;
  } finally {
    await emulator.close();
  }
}

function backendNamed(emulator: Emulator, name: string) {
  const database = emulator.databases.get(name);
  if (database === undefined) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `no database named "${name}" (databases: ${[...emulator.databases.keys()].join(", ")})`,
    );
  }
  return database.backend;
}

async function importInto(
  emulator: Emulator,
  options: { file: string; name: string },
): Promise<string> {
  const backend = backendNamed(emulator, options.name);
  const bytes = await readFile(options.file).catch((error: unknown) =>
    usage(`cannot read ${options.file}: ${error instanceof Error ? error.message : String(error)}`),
  );
  const keys = await importRdb(backend, bytes, ({ done, total }) => {
    if (total > 10_000) {
      process.stderr.write(`importing ${options.file}: ${done} of ${total} keys\n`);
    }
  });
  return `imported ${keys} keys from ${options.file} into "${options.name}"\n`;
}

async function exportFrom(
  emulator: Emulator,
  options: { file: string; name: string; version: number },
): Promise<string> {
  const bytes = await exportRdb(backendNamed(emulator, options.name), { version: options.version });
  await writeFile(options.file, bytes);
  return `exported "${options.name}" to ${options.file} (RDB ${options.version}, ${bytes.byteLength} bytes)\n`;
}

async function importVectors(
  emulator: Emulator,
  options: { file: string; name: string },
): Promise<string> {
  const text = await readFile(options.file, "utf8").catch((error: unknown) =>
    usage(`cannot read ${options.file}: ${error instanceof Error ? error.message : String(error)}`),
  );
  const count = await importJsonl(emulator.vector, { name: options.name, text });
  return `imported ${count} vectors from ${options.file} into the index "${options.name}"\n`;
}

async function exportVectors(
  emulator: Emulator,
  options: { file: string; name: string },
): Promise<string> {
  const text = await exportJsonl(emulator.vector, options.name);
  await writeFile(options.file, text);
  const count = text === "" ? 0 : text.split("\n").length - 1;
  return `exported ${count} vectors of the index "${options.name}" to ${options.file}\n`;
}
