/**
 * Console: type a command, see its result as `redis-cli` prints it, or its error in red. ↑/↓ walk
 * the history; Esc hands the keyboard back to the app, Enter takes it again.
 */

import { CommandError } from "@stratus/client";
import { Box, Text } from "ink";
import { type FunctionComponent, useState } from "react";
import { HelpFooter, type KeyHelp } from "../components/HelpFooter.tsx";
import { LabeledInput } from "../components/LabeledInput.tsx";
import { ProblemView } from "../components/ProblemView.tsx";
import { useKeys } from "../hooks/use-keys.ts";
import { useEditing, useScreen } from "../hooks/use-screen.ts";
import { splitCommandLine } from "../lib/command-line.ts";
import { truncate } from "../lib/format.ts";
import { describeProblem, missingCredentials } from "../lib/problem.ts";
import { formatReply } from "../lib/reply-format.ts";
import type { Services } from "../lib/services.ts";

export interface ConsoleScreenProps {
  readonly services: Services;
}

/** One command and what it gave. */
interface Entry {
  readonly id: number;
  readonly command: string;
  readonly lines: readonly string[];
  readonly isError: boolean;
}

const KEYS: readonly KeyHelp[] = [
  ["enter", "run"],
  ["↑/↓", "history"],
  ["esc", "leave input"],
];

const MAX_ENTRIES = 200;

export const ConsoleScreen: FunctionComponent<ConsoleScreenProps> = ({ services }) => {
  const { width, height, isActive } = useScreen();
  const [entries, setEntries] = useState<readonly Entry[]>([]);
  const [isEditing, setEditing] = useState(true);
  const [draft, setDraft] = useState({ text: "", version: 0 });
  const [historyIndex, setHistoryIndex] = useState<number | undefined>(undefined);
  const [isRunning, setRunning] = useState(false);
  useEditing(isEditing);
  const kv = services.kv;
  const history = entries.map((entry) => entry.command);

  const recall = (index: number | undefined): void => {
    setHistoryIndex(index);
    // A new `version` remounts the field with the recalled text.
    setDraft((previous) => ({
      text: index === undefined ? "" : (history[index] ?? ""),
      version: previous.version + 1,
    }));
  };

  useKeys(
    (_input, key) => {
      if (!isEditing) {
        if (key.return) {
          setEditing(true);
        }
        return;
      }
      if (key.escape) {
        setEditing(false);
      } else if (key.upArrow && history.length > 0) {
        recall(Math.max(0, (historyIndex ?? history.length) - 1));
      } else if (key.downArrow && historyIndex !== undefined) {
        recall(historyIndex + 1 >= history.length ? undefined : historyIndex + 1);
      }
    },
    { isActive },
  );

  const run = async (line: string): Promise<void> => {
    if (kv.kind !== "ready" || line.trim() === "") {
      return;
    }
    const add = (lines: readonly string[], isError: boolean): void =>
      setEntries((list) => [
        ...list.slice(-(MAX_ENTRIES - 1)),
        { id: (list.at(-1)?.id ?? 0) + 1, command: line, lines, isError },
      ]);
    const split = splitCommandLine(line);
    if (!split.ok) {
      add([`(error) ${split.error}`], true);
      return;
    }
    const [name = "", ...args] = split.words;
    setRunning(true);
    try {
      add(formatReply(await kv.client.command(name, ...args)), false);
    } catch (error: unknown) {
      if (error instanceof CommandError) {
        add([`(error) ${error.serverMessage}`], true);
      } else {
        const problem = describeProblem(error, kv.target);
        add([`(error) ${problem.title}: ${problem.detail}`, `Fix: ${problem.fix}`], true);
      }
    } finally {
      setRunning(false);
    }
  };

  if (kv.kind !== "ready") {
    return <ProblemView problem={missingCredentials(kv.target)} />;
  }
  // The newest entries that fit above the prompt.
  const room = Math.max(1, height - 3);
  const lines: { key: string; text: string; isError: boolean; isCommand: boolean }[] = [];
  for (const entry of entries) {
    lines.push({
      key: `${entry.id}c`,
      text: `> ${entry.command}`,
      isError: false,
      isCommand: true,
    });
    entry.lines.forEach((text, index) => {
      lines.push({ key: `${entry.id}.${index}`, text, isError: entry.isError, isCommand: false });
    });
  }
  const shown = lines.slice(-room);
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>Console</Text> {kv.target.url}
        {isRunning ? " · running…" : ""}
      </Text>
      <Box flexDirection="column" height={room}>
        {shown.length === 0 ? (
          <Text dimColor>Type a command, e.g. SET greeting hello, then Enter.</Text>
        ) : (
          shown.map((line) => (
            // Errors wrap, so the fix is read whole; results stay one line each.
            <Text
              key={line.key}
              color={line.isError ? "red" : undefined}
              bold={line.isCommand}
              wrap={line.isError ? "wrap" : "truncate-end"}
            >
              {line.isError ? line.text : truncate(line.text, width)}
            </Text>
          ))
        )}
      </Box>
      <LabeledInput
        key={draft.version}
        label=">"
        value={draft.text}
        isEditing={isEditing && isActive}
        placeholder="command"
        onSubmit={(value) => {
          recall(undefined);
          void run(value);
        }}
      />
      <HelpFooter keys={isEditing ? KEYS : [["enter", "type a command"]]} width={width} />
    </Box>
  );
};
