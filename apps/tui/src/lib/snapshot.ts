/**
 * The non-interactive commands (`stats --once`, `resources`, `command`): one snapshot printed as
 * text or JSON, for scripts and CI. They never touch stdin, so no raw mode (issue 9).
 */
import { CommandError } from "@stratus/client";
import { splitCommandLine } from "./command-line.ts";
import { truncate } from "./format.ts";
import type { CliOptions } from "./options.ts";
import { describeProblem, missingCredentials, type Problem } from "./problem.ts";
import { formatReply, replyToJson } from "./reply-format.ts";
import { loadResources, RESOURCE_SECTIONS } from "./resources.ts";
import type { ResourceRef, Services } from "./services.ts";
import { sparkline, summarize } from "./sparkline.ts";
import {
  type ChartRow,
  DATABASE_COUNTERS,
  databaseChartRows,
  formatValue,
  VECTOR_COUNTERS,
  vectorChartRows,
} from "./stats-fields.ts";

/** What a snapshot printed, and the exit code. */
export interface SnapshotResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

const WIDTH = 80;

const ok = (stdout: string): SnapshotResult => ({ stdout, stderr: "", exitCode: 0 });

/** A problem as the bins print it: three lines on stderr, exit code 1. */
export function problemResult(problem: Problem): SnapshotResult {
  return {
    stdout: "",
    stderr: `error: ${problem.title}\n  ${problem.detail}\n  fix: ${problem.fix}\n`,
    exitCode: 1,
  };
}

/** Runs one non-interactive command. Never rejects. */
export async function runSnapshot(
  command: "stats" | "resources" | "command",
  request: { readonly words: readonly string[]; readonly options: CliOptions },
  services: Services,
): Promise<SnapshotResult> {
  switch (command) {
    case "stats":
      return statsSnapshot(request.options, services);
    case "resources":
      return resourcesSnapshot(request.options, services);
    case "command":
      return commandSnapshot(request.words, request.options, services);
    default:
      return assertNever(command);
  }
}

async function statsSnapshot(options: CliOptions, services: Services): Promise<SnapshotResult> {
  const { management } = services;
  if (management.kind !== "ready") {
    return problemResult(missingCredentials(management.target));
  }
  const api = management.client;
  const { period } = options;
  try {
    if (options.vectorIndex !== undefined) {
      const stats = await api.vectorIndexStats(options.vectorIndex, period);
      const resource: ResourceRef = {
        kind: "vector",
        id: options.vectorIndex,
        name: options.vectorIndex,
      };
      return options.json
        ? ok(`${JSON.stringify({ resource, period, stats })}\n`)
        : ok(
            statsText(`Vector index ${resource.id} · ${period}`, {
              counters: VECTOR_COUNTERS.map((field) => [
                field.label,
                formatValue(stats[field.key], field.format),
              ]),
              rows: vectorChartRows(stats),
            }),
          );
    }
    let resource: ResourceRef | undefined;
    if (options.database === undefined) {
      const [first] = await api.listDatabases();
      resource =
        first === undefined
          ? undefined
          : { kind: "database", id: first.database_id, name: first.database_name };
    } else {
      resource = { kind: "database", id: options.database, name: options.database };
    }
    if (resource === undefined) {
      return problemResult({
        title: "No database to show",
        detail: `The management API at ${management.target.url} lists no database.`,
        fix: "Create one, or pass --database ID or --vector-index ID.",
      });
    }
    const stats = await api.databaseStats(resource.id, period);
    return options.json
      ? ok(`${JSON.stringify({ resource, period, stats })}\n`)
      : ok(
          statsText(`Database ${resource.name} (${resource.id}) · ${period}`, {
            counters: DATABASE_COUNTERS.map((field) => [
              field.label,
              formatValue(stats[field.key], field.format),
            ]),
            rows: databaseChartRows(stats),
          }),
        );
  } catch (error: unknown) {
    return problemResult(describeProblem(error, management.target));
  }
}

function statsText(
  heading: string,
  body: { readonly counters: readonly (readonly [string, string])[]; readonly rows: ChartRow[] },
): string {
  const lines = [heading];
  for (const [label, value] of body.counters) {
    lines.push(`  ${label.padEnd(20)}${value}`);
  }
  const chartWidth = WIDTH - 22 - 24;
  for (const row of body.rows) {
    const { last, max } = summarize(row.values);
    const chart = row.values.length === 0 ? "(no data)" : sparkline(row.values, chartWidth);
    const figures = `${formatValue(last, row.format)} ↑${formatValue(max, row.format)}`;
    lines.push(`  ${truncate(row.label, 19).padEnd(20)}${chart.padEnd(chartWidth)} ${figures}`);
  }
  return `${lines.join("\n")}\n`;
}

async function resourcesSnapshot(options: CliOptions, services: Services): Promise<SnapshotResult> {
  const { management } = services;
  if (management.kind !== "ready") {
    return problemResult(missingCredentials(management.target));
  }
  const listing = await loadResources(management.client);
  const failures = RESOURCE_SECTIONS.filter((section) => !listing[section].ok);
  if (failures.length === RESOURCE_SECTIONS.length) {
    const first = listing[RESOURCE_SECTIONS[0]];
    return problemResult(describeProblem(first.ok ? undefined : first.error, management.target));
  }
  if (options.json) {
    const json = Object.fromEntries(
      RESOURCE_SECTIONS.map((section) => {
        const result = listing[section];
        return [
          section,
          result.ok
            ? result.items.map(({ id, name, detail }) => ({ id, name, detail }))
            : { error: describeProblem(result.error, management.target).detail },
        ];
      }),
    );
    return ok(`${JSON.stringify(json)}\n`);
  }
  const lines: string[] = [];
  for (const section of RESOURCE_SECTIONS) {
    const result = listing[section];
    if (!result.ok) {
      lines.push(`${section}: ${describeProblem(result.error, management.target).detail}`);
      continue;
    }
    lines.push(`${section} (${result.items.length})`);
    for (const item of result.items) {
      lines.push(truncate(`  ${item.id.padEnd(26)} ${item.name.padEnd(20)} ${item.detail}`, WIDTH));
    }
  }
  return ok(`${lines.join("\n")}\n`);
}

async function commandSnapshot(
  words: readonly string[],
  options: CliOptions,
  services: Services,
): Promise<SnapshotResult> {
  const { kv } = services;
  if (kv.kind !== "ready") {
    return problemResult(missingCredentials(kv.target));
  }
  // One argument with spaces is a whole command line (`command 'SET k "a b"'`).
  const argv = words.length === 1 ? splitCommandLine(words[0] ?? "") : { ok: true, words };
  if (!argv.ok || argv.words.length === 0) {
    return {
      stdout: "",
      stderr: "error: give a command, e.g. `stratus-tui command GET greeting`\n",
      exitCode: 2,
    };
  }
  const [name = "", ...args] = argv.words;
  try {
    const value = await kv.client.command(name, ...args);
    return options.json
      ? ok(`${JSON.stringify({ result: replyToJson(value) })}\n`)
      : ok(`${formatReply(value).join("\n")}\n`);
  } catch (error: unknown) {
    if (error instanceof CommandError) {
      return options.json
        ? { stdout: `${JSON.stringify({ error: error.serverMessage })}\n`, stderr: "", exitCode: 1 }
        : { stdout: "", stderr: `(error) ${error.serverMessage}\n`, exitCode: 1 };
    }
    return problemResult(describeProblem(error, kv.target));
  }
}

function assertNever(value: never): never {
  throw new TypeError(`Unexpected command: ${String(value)}`);
}
