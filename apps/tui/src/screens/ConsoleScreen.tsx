/**
 * Console: type a command, see its result as `redis-cli` prints it, or its error in red. ↑/↓ walk
 * the history; Esc hands the keyboard back to the app, Enter takes it again. The line editor is a
 * {@link ConsoleSession}: the app hands every key to it synchronously while the console shows, so
 * keys typed right after switching here are neither lost nor reordered.
 */

import { CommandError } from "@stratus/client";
import { Box, Text } from "ink";
import { type FunctionComponent, useState, useSyncExternalStore } from "react";
import { HelpFooter, type KeyHelp } from "../components/HelpFooter.tsx";
import { ProblemView } from "../components/ProblemView.tsx";
import { useCanReadKeys, useKeys } from "../hooks/use-keys.ts";
import { useEditing, useScreen } from "../hooks/use-screen.ts";
import { splitCommandLine } from "../lib/command-line.ts";
import {
  type ConsoleRunner,
  type ConsoleSession,
  createConsoleSession,
} from "../lib/console-session.ts";
import { truncate } from "../lib/format.ts";
import { describeProblem, missingCredentials } from "../lib/problem.ts";
import { formatReply } from "../lib/reply-format.ts";
import type { Services } from "../lib/services.ts";

export interface ConsoleScreenProps {
  readonly services: Services;
  /**
   * The session the app feeds keys to. Without one (a lone screen in a test) the screen makes its
   * own and reads the keys itself.
   */
  readonly session?: ConsoleSession;
}

const KEYS: readonly KeyHelp[] = [
  ["enter", "run"],
  ["↑/↓", "history"],
  ["esc", "leave input"],
];

/** Runs a command line against the key-value client, formatted as `redis-cli` prints it. */
export function consoleRunner(services: Services): ConsoleRunner {
  return async (line) => {
    const kv = services.kv;
    if (kv.kind !== "ready") {
      return { lines: ["(error) no key-value credentials"], isError: true };
    }
    const split = splitCommandLine(line);
    if (!split.ok) {
      return { lines: [`(error) ${split.error}`], isError: true };
    }
    const [name = "", ...args] = split.words;
    try {
      return { lines: formatReply(await kv.client.command(name, ...args)), isError: false };
    } catch (error: unknown) {
      if (error instanceof CommandError) {
        return { lines: [`(error) ${error.serverMessage}`], isError: true };
      }
      const problem = describeProblem(error, kv.target);
      return {
        lines: [`(error) ${problem.title}: ${problem.detail}`, `Fix: ${problem.fix}`],
        isError: true,
      };
    }
  };
}

export const ConsoleScreen: FunctionComponent<ConsoleScreenProps> = ({ services, session }) => {
  const { width, height, isActive } = useScreen();
  // Fixed at mount: a given session, or one of the screen's own.
  const [active] = useState(() => session ?? createConsoleSession(consoleRunner(services)));
  const readsOwnKeys = session === undefined;
  const state = useSyncExternalStore(active.subscribe, active.state);
  // Without raw mode (a pipe) no key arrives: the prompt is drawn as plain text.
  const canReadKeys = useCanReadKeys();
  const isTyping = state.isEditing && canReadKeys;
  useEditing(isTyping);
  // A lone screen reads its own keys; inside the app, the app feeds them (see app.tsx).
  useKeys((input, key) => void active.key(input, key), {
    isActive: isActive && readsOwnKeys && services.kv.kind === "ready",
  });
  const kv = services.kv;
  if (kv.kind !== "ready") {
    return <ProblemView problem={missingCredentials(kv.target)} />;
  }
  // The newest entries that fit above the prompt.
  const room = Math.max(1, height - 3);
  const lines: { key: string; text: string; isError: boolean; isCommand: boolean }[] = [];
  for (const entry of state.entries) {
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
  const { draft, cursor } = state;
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>Console</Text> {kv.target.url}
        {state.pending > 0 ? " · running…" : ""}
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
      {/* The prompt, always drawn; the line exactly as typed, the cursor as an inverse cell. */}
      <Text wrap="truncate-start">
        <Text bold={isTyping}>{"> "}</Text>
        {isTyping ? (
          <>
            {draft.slice(0, cursor)}
            <Text inverse>{draft.slice(cursor, cursor + 1) || " "}</Text>
            {draft.slice(cursor + 1)}
          </>
        ) : (
          <Text dimColor={draft === ""}>{draft === "" ? "–" : draft}</Text>
        )}
      </Text>
      <HelpFooter keys={isTyping ? KEYS : [["enter", "type a command"]]} width={width} />
    </Box>
  );
};
