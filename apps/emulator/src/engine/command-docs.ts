/**
 * `docs/commands.md` from the command table (STYLE.md §7.4): every supported command with its group,
 * arity, flags and summary, generated so the docs cannot drift from what the engine registers.
 */
import type { Command } from "./commands/define.ts";
import { COMMAND_TABLE } from "./commands/table.ts";

function rows(command: Command): Command[] {
  const subcommands = [...(command.subcommands?.values() ?? [])].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  return subcommands.length > 0 ? subcommands : [command];
}

function escapeCell(text: string): string {
  return text.replaceAll("|", "\\|");
}

/** Whether REST runs the command: `yes`, `without BLOCK`, or `no (<reason>)`. */
function restCell(command: Command): string {
  if (command.restRefusal !== undefined) {
    return `no (${command.restRefusal})`;
  }
  return command.traits.has("optionally-blocking") ? "without BLOCK" : "yes";
}

/** The Markdown of docs/commands.md. */
export function renderCommandDocs(): string {
  const byGroup = new Map<string, Command[]>();
  for (const command of COMMAND_TABLE.values()) {
    for (const row of rows(command)) {
      const list = byGroup.get(row.group) ?? [];
      list.push(row);
      byGroup.set(row.group, list);
    }
  }
  const lines = [
    "# Supported commands",
    "",
    "Generated from the embedded engine's command table by `pnpm gen`; do not edit by hand.",
    "The `REST` column says whether the REST API runs the command, or why it refuses it; `read-only`",
    "whether a read-only token may run it (kv-rest-wire.md §4, §12; `apps/emulator/src/kv/policy.ts`).",
    "Strings (values and arguments) hold at most 536,870,888 bytes, 24 short of Redis's 512 MiB:",
    "longer ones are refused with a clear error (see `apps/emulator/src/engine/README.md`).",
    "",
  ];
  for (const group of [...byGroup.keys()].sort()) {
    const commands = (byGroup.get(group) ?? []).sort((a, b) => a.name.localeCompare(b.name));
    lines.push(
      `## ${group} (${commands.length})`,
      "",
      "| command | arity | flags | REST | read-only | since | summary |",
      "| --- | ---: | --- | --- | --- | --- | --- |",
    );
    for (const command of commands) {
      lines.push(
        `| ${escapeCell(command.name)} | ${command.arity} | ${[...command.flags].join(", ")} | ${restCell(command)} | ${command.isReadOnlyTokenAllowed ? "yes" : "no"} | ${command.since} | ${escapeCell(command.summary)} |`,
      );
    }
    lines.push("");
  }
  return lines.join("\n");
}
