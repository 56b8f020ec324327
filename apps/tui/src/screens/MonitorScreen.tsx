/**
 * Monitor: the live `/monitor` stream of the key-value database (kv-rest-wire.md §11.3), filtered
 * by command and key pattern, with pause/resume, events per second and bounded scrollback.
 */
import { Box, Text } from "ink";
import { type FunctionComponent, useMemo, useState } from "react";
import { HelpFooter, type KeyHelp } from "../components/HelpFooter.tsx";
import { LabeledInput } from "../components/LabeledInput.tsx";
import { ProblemView } from "../components/ProblemView.tsx";
import { useEventStream } from "../hooks/use-event-stream.ts";
import { useKeys } from "../hooks/use-keys.ts";
import { useEditing, useScreen } from "../hooks/use-screen.ts";
import { truncate } from "../lib/format.ts";
import { compileMonitorFilter } from "../lib/monitor-filter.ts";
import { type MonitorEvent, parseMonitorLine } from "../lib/monitor-line.ts";
import { describeProblem, missingCredentials } from "../lib/problem.ts";
import type { Services } from "../lib/services.ts";

export interface MonitorScreenProps {
  readonly services: Services;
  /** Scrollback, in events. @default 1000 */
  readonly capacity?: number;
}

type Field = "commands" | "keyPattern";

const KEYS: readonly KeyHelp[] = [
  ["space", "pause"],
  ["/", "command filter"],
  ["k", "key filter"],
  ["c", "clear"],
  ["esc", "leave field"],
];

export const MonitorScreen: FunctionComponent<MonitorScreenProps> = (props) => {
  const { services } = props;
  const { width, height, isActive } = useScreen();
  const [isPaused, setPaused] = useState(false);
  const [filter, setFilter] = useState({ commands: "", keyPattern: "" });
  const [editing, setEditingField] = useState<Field | undefined>(undefined);
  useEditing(editing !== undefined);
  const kv = services.kv;
  const open = useMemo(
    () =>
      kv.kind === "ready"
        ? (signal: AbortSignal): AsyncIterable<MonitorEvent> =>
            parsed(kv.client.monitor({ signal }))
        : undefined,
    [kv],
  );
  const stream = useEventStream(open, { capacity: props.capacity ?? 1000, isPaused });
  const predicate = useMemo(() => compileMonitorFilter(filter), [filter]);

  useKeys(
    (input, key) => {
      if (editing !== undefined) {
        if (key.escape) {
          setEditingField(undefined);
        }
        return;
      }
      if (input === " ") {
        setPaused((value) => !value);
      } else if (input === "/") {
        setEditingField("commands");
      } else if (input === "k") {
        setEditingField("keyPattern");
      } else if (input === "c") {
        setFilter({ commands: "", keyPattern: "" });
      }
    },
    { isActive },
  );
  const submit = (value: string): void => {
    if (editing !== undefined) {
      setFilter((previous) => ({ ...previous, [editing]: value }));
    }
    setEditingField(undefined);
  };

  if (kv.kind !== "ready") {
    return <ProblemView problem={missingCredentials(kv.target)} />;
  }
  const matching = stream.items.filter(predicate);
  const room = Math.max(1, height - 5);
  const shown = matching.slice(-room);
  const state = isPaused ? "PAUSED" : stream.status;
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>Monitor</Text> {kv.target.url} ·{" "}
        <Text color={isPaused ? "yellow" : "green"}>{state}</Text> · {stream.perSecond.toFixed(1)}{" "}
        ev/s · {stream.total} total · {matching.length} shown
      </Text>
      <Box gap={2}>
        <LabeledInput
          label="command:"
          value={filter.commands}
          isEditing={editing === "commands"}
          placeholder="GET SET …"
          onSubmit={submit}
        />
        <LabeledInput
          label="key:"
          value={filter.keyPattern}
          isEditing={editing === "keyPattern"}
          placeholder="user:*"
          onSubmit={submit}
        />
      </Box>
      {stream.status === "failed" ? (
        <ProblemView problem={describeProblem(stream.error, kv.target)} />
      ) : (
        <Box flexDirection="column" height={room}>
          {shown.length === 0 ? (
            <Text dimColor>Waiting for commands…</Text>
          ) : (
            shown.map((event, index) => (
              <Text key={`${stream.total - shown.length + index}`}>
                {truncate(formatEvent(event), width)}
              </Text>
            ))
          )}
        </Box>
      )}
      <HelpFooter keys={KEYS} width={width} />
    </Box>
  );
};

async function* parsed(lines: AsyncIterable<string>): AsyncGenerator<MonitorEvent> {
  for await (const line of lines) {
    yield parseMonitorLine(line);
  }
}

function formatEvent(event: MonitorEvent): string {
  if (Number.isNaN(event.timeMs)) {
    return event.line;
  }
  const time = new Date(event.timeMs).toISOString().slice(11, 23);
  const args = event.args.map((arg) =>
    /[\s"]/.test(arg) || arg === "" ? JSON.stringify(arg) : arg,
  );
  return `${time} ${event.command.padEnd(8)} ${args.join(" ")}`;
}
