/**
 * The few REST calls the fixtures make themselves (seeding, reset). `@stratus/testing` builds no
 * client (STYLE.md §5.1: client tests depend on testing), so this speaks the wire directly
 * (spec/kv-rest-wire.md §2.2, §5.1).
 */

/** The signature of the global `fetch`; the emulator's in-process `fetch` fits it. */
export type FetchFunction = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

/** Where a key-value database answers. */
export interface KvTarget {
  /** The database's REST URL. */
  readonly url: string;
  /** Its Standard token. */
  readonly token: string;
  /** Used instead of the global `fetch`, e.g. the emulator's in-process one. */
  readonly fetch?: FetchFunction;
}

/** One command's argv as JSON: strings and numbers (kv-rest-wire.md §3). */
export type CommandArgs = readonly (string | number)[];

/** A REST call answered with a non-2xx status or an error entry. */
export class RestCallError extends Error {
  override readonly name = "RestCallError";
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

type Entry = { result: unknown } | { error: string };

/** Runs commands through `/pipeline` and returns their results; any error entry throws. */
export async function runPipeline(
  target: KvTarget,
  commands: readonly CommandArgs[],
): Promise<unknown[]> {
  if (commands.length === 0) {
    return [];
  }
  const doFetch = target.fetch ?? fetch;
  const response = await doFetch(`${target.url.replace(/\/$/, "")}/pipeline`, {
    method: "POST",
    headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
    body: JSON.stringify(commands),
  });
  const body = (await response.json()) as Entry | Entry[];
  if (!response.ok || !Array.isArray(body)) {
    const message = "error" in body ? body.error : `HTTP ${response.status}`;
    throw new RestCallError(`pipeline failed: ${message}`, response.status);
  }
  return body.map((entry, index) => {
    if ("error" in entry) {
      const argv = JSON.stringify(commands[index]);
      throw new RestCallError(`${entry.error}, command was: ${argv}`, response.status);
    }
    return entry.result;
  });
}

/** Runs one command through `/pipeline`. */
export async function runCommand(target: KvTarget, argv: CommandArgs): Promise<unknown> {
  const [result] = await runPipeline(target, [argv]);
  return result;
}
