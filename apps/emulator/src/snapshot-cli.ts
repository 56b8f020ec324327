/**
 * `stratus-emulator snapshot save OUT` and `snapshot load SRC`: the whole emulator into a file or
 * directory, and back into a data directory. Saving asks a running emulator (it answers from one
 * point in time while it serves); with none running on the data directory, the directory is opened
 * without listening and saved from there.
 */
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  CONNECTION_FILE_NAME,
  CONTROL_PATH_PREFIX,
  ConnectionDetailsSchema,
} from "@stratus/core/schemas";
import { request } from "undici";
import { DEFAULT_DATA_DIR } from "./config.ts";
import { createEmulator } from "./emulator.ts";
import { EmulatorError } from "./errors.ts";
import { isDirectoryTarget, loadSnapshot, writeSnapshot } from "./snapshot/archive.ts";

export const SNAPSHOT_HELP_TEXT = `Usage:
  stratus-emulator snapshot save OUT [--data-dir DIR] [--url URL --email EMAIL --api-key KEY]
  stratus-emulator snapshot load SRC [--data-dir DIR] [--force]

save writes every database, vector index, search database, queue instance, management record
and token at one point in time: into OUT as a directory (an existing one, or a path ending in /;
it is then a data directory you can start on) or as a tar file. It asks the emulator running on
the data directory (found through its ${CONNECTION_FILE_NAME}), or the one at --url with the
management credentials; with none running, it reads the data directory itself.
load puts a snapshot (file or directory) into a stopped emulator's data directory, which must be
empty unless --force replaces what it holds; start the emulator on it afterwards. A damaged
snapshot loads nothing. --data-dir defaults to ./${DEFAULT_DATA_DIR}.
`;

/** Whether `argv` asks for this command. */
export function isSnapshotCommand(argv: readonly string[]): boolean {
  return argv[0] === "snapshot";
}

function usage(message: string): never {
  throw new EmulatorError("ERR_INVALID_OPTIONS", `${message}\n\n${SNAPSHOT_HELP_TEXT}`);
}

interface Remote {
  readonly url: string;
  readonly email: string;
  readonly apiKey: string;
}

/** Where a running emulator answers: the flags, else the connection file of the data directory. */
async function findRemote(options: {
  readonly dataDir: string;
  readonly url: string | undefined;
  readonly email: string | undefined;
  readonly apiKey: string | undefined;
}): Promise<Remote | undefined> {
  if (options.url !== undefined) {
    if (options.email === undefined || options.apiKey === undefined) {
      return usage("snapshot save --url needs --email and --api-key (the management credentials)");
    }
    return { url: options.url, email: options.email, apiKey: options.apiKey };
  }
  let text: string;
  try {
    text = await readFile(join(options.dataDir, CONNECTION_FILE_NAME), "utf8");
  } catch {
    return undefined; // no emulator running on the directory
  }
  const details = ConnectionDetailsSchema.safeParse(parseJsonOrUndefined(text));
  if (!details.success) {
    return usage(`${join(options.dataDir, CONNECTION_FILE_NAME)} cannot be read; pass --url`);
  }
  return {
    url: details.data.url,
    email: options.email ?? details.data.email,
    apiKey: options.apiKey ?? details.data.apiKey,
  };
}

/** A damaged `connection.json` reads as "no details", which the schema check then reports. */
function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function fetchSnapshot(remote: Remote): Promise<Uint8Array> {
  const endpoint = `${remote.url.replace(/\/$/, "")}${CONTROL_PATH_PREFIX}/snapshot`;
  const credentials = Buffer.from(`${remote.email}:${remote.apiKey}`).toString("base64");
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(endpoint, {
      method: "POST",
      headers: { authorization: `Basic ${credentials}` },
    });
  } catch (error: unknown) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `no emulator answers at ${remote.url} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const body = new Uint8Array(await answer.body.arrayBuffer());
  if (answer.statusCode !== 200) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `${endpoint} answered ${answer.statusCode}: ${new TextDecoder().decode(body)}`,
    );
  }
  return body;
}

async function snapshotOffline(dataDir: string): Promise<Uint8Array> {
  const emulator = await createEmulator({
    port: 0,
    respPort: null,
    dataDir,
    onFault: () => undefined,
  });
  try {
    return await emulator.snapshot();
  } finally {
    await emulator.close();
  }
}

/** Runs the command; resolves with the line to print. */
export async function runSnapshotCommand(argv: readonly string[]): Promise<string> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv.slice(1),
      allowPositionals: true,
      strict: true,
      options: {
        "data-dir": { type: "string" },
        url: { type: "string" },
        email: { type: "string" },
        "api-key": { type: "string" },
        force: { type: "boolean" },
        help: { type: "boolean" },
      },
    });
  } catch (error: unknown) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values["help"] === true) {
    return SNAPSHOT_HELP_TEXT;
  }
  const [action, path, ...extra] = parsed.positionals;
  if ((action !== "save" && action !== "load") || path === undefined || extra.length > 0) {
    return usage("snapshot: give save OUT or load SRC");
  }
  const text = (name: string): string | undefined => {
    const value = parsed.values[name];
    return typeof value === "string" ? value : undefined;
  };
  const dataDir = resolve(text("data-dir") ?? DEFAULT_DATA_DIR);
  if (action === "load") {
    const files = await loadSnapshot({
      source: path,
      dataDir,
      force: parsed.values["force"] === true,
    });
    return `loaded ${path} into ${dataDir} (${files} files)\n`;
  }
  const remote = await findRemote({
    dataDir,
    url: text("url"),
    email: text("email"),
    apiKey: text("api-key"),
  });
  const archive =
    remote === undefined ? await snapshotOffline(dataDir) : await fetchSnapshot(remote);
  await writeSnapshot(path, archive);
  const form = (await isDirectoryTarget(path)) ? "directory" : `file, ${archive.byteLength} bytes`;
  return `saved a snapshot of ${remote?.url ?? dataDir} to ${path} (${form})\n`;
}
