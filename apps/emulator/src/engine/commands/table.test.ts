import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, test } from "vitest";
import { keyPositions } from "./dispatch.ts";
import { COMMAND_GROUPS, COMMAND_TABLE } from "./table.ts";

const commandsDir = dirname(fileURLToPath(import.meta.url));

/**
 * `sorted-set/zadd.ts` → `ZADD`; `server/config-get.ts` → `CONFIG|GET` (or `EVAL_RO` for
 * `eval-ro.ts`); `json/arrappend.ts` → `JSON.ARRAPPEND`.
 */
function commandNamesOf(group: string, file: string): string[] {
  const base = file.replace(/\.ts$/, "").toUpperCase();
  if (group === "json") {
    return [`JSON.${base.replace("-", "|")}`, `JSON.${base}`];
  }
  if (group === "search") {
    return [`SEARCH.${base}`];
  }
  return [base.replace("-", "|"), base.replace("-", "_"), base];
}

function allCommands(): { name: string; flags: ReadonlySet<string>; group: string }[] {
  const result = [];
  for (const command of COMMAND_TABLE.values()) {
    result.push(command);
    for (const sub of command.subcommands?.values() ?? []) {
      result.push(sub);
    }
  }
  return result;
}

describe("command table", () => {
  test("names are unique and upper case", ({ expect }) => {
    for (const command of allCommands()) {
      expect(command.name).toBe(command.name.toUpperCase());
    }
    const names = allCommands().map((command) => command.name);
    expect(new Set(names).size).toBe(names.length);
  });

  test("each group lists its commands alphabetically", ({ expect }) => {
    for (const group of COMMAND_GROUPS) {
      const names = group.map((command) => command.name);
      expect(names).toEqual([...names].sort());
    }
  });

  test("every command file is registered", ({ expect }) => {
    const registered = new Set(allCommands().map((command) => command.name));
    const missing: string[] = [];
    for (const entry of readdirSync(commandsDir, { withFileTypes: true })) {
      if (!entry.isDirectory()) {
        continue;
      }
      for (const file of readdirSync(join(commandsDir, entry.name))) {
        if (
          file.endsWith(".ts") &&
          !file.endsWith(".test.ts") &&
          file !== "index.ts" &&
          file !== "test-support.ts" &&
          !file.startsWith("_")
        ) {
          if (!commandNamesOf(entry.name, file).some((name) => registered.has(name))) {
            missing.push(`${entry.name}/${file}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  test("no command is both write and readonly; each command sits in its group's folder", ({
    expect,
  }) => {
    for (const command of allCommands()) {
      expect(command.flags.has("write") && command.flags.has("readonly"), command.name).toBe(false);
    }
    for (const [index, group] of COMMAND_GROUPS.entries()) {
      const groups = new Set(group.map((command) => command.group));
      expect(groups.size, `group list #${index}`).toBeLessThanOrEqual(1);
    }
  });

  test("key ranges agree with arity", ({ expect }) => {
    for (const command of COMMAND_TABLE.values()) {
      const keys = command.keys;
      if (keys === undefined || command.arity < 0) {
        continue;
      }
      // A fixed-arity command's last key lies inside its arguments.
      const last = keys.last < 0 ? command.arity + keys.last : keys.last;
      expect(last, command.name).toBeLessThan(command.arity);
      const argv = Array.from({ length: command.arity }, (_, i) => `a${i}`);
      expect(keyPositions(command, argv).length, command.name).toBeGreaterThan(0);
    }
  });
});
