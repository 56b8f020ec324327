/**
 * Pub/Sub: subscribe to channels (`s`) and patterns (`p`), watch their messages arrive, publish
 * (`m`). Each subscription is its own SSE connection (kv-rest-wire.md §11.1), read together.
 */
import type { PubSubItem } from "@stratus/core/rest";
import { Box, Text } from "ink";
import { type FunctionComponent, useMemo, useState } from "react";
import { HelpFooter, type KeyHelp } from "../components/HelpFooter.tsx";
import { LabeledInput } from "../components/LabeledInput.tsx";
import { ProblemView } from "../components/ProblemView.tsx";
import { useEventStream } from "../hooks/use-event-stream.ts";
import { useKeys } from "../hooks/use-keys.ts";
import { useEditing, useScreen } from "../hooks/use-screen.ts";
import { splitCommandLine } from "../lib/command-line.ts";
import { truncate } from "../lib/format.ts";
import { mergeStreams } from "../lib/merge-streams.ts";
import { describeProblem, missingCredentials } from "../lib/problem.ts";
import type { Services } from "../lib/services.ts";

export interface PubSubScreenProps {
  readonly services: Services;
}

/** A channel or a pattern. */
interface Subscription {
  readonly name: string;
  readonly isPattern: boolean;
}

type Field = "channel" | "pattern" | "publish";

const LABELS: Readonly<Record<Field, string>> = {
  channel: "subscribe to channel:",
  pattern: "subscribe to pattern:",
  publish: "publish (channel message):",
};

const KEYS: readonly KeyHelp[] = [
  ["s", "subscribe"],
  ["p", "pattern"],
  ["m", "publish"],
  ["u", "drop last"],
  ["esc", "leave field"],
];

export const PubSubScreen: FunctionComponent<PubSubScreenProps> = ({ services }) => {
  const { width, height, isActive } = useScreen();
  const [subscriptions, setSubscriptions] = useState<readonly Subscription[]>([]);
  const [editing, setEditingField] = useState<Field | undefined>(undefined);
  const [notice, setNotice] = useState<{ readonly text: string; readonly isError: boolean }>();
  useEditing(editing !== undefined);
  const kv = services.kv;
  const open = useMemo(() => {
    if (kv.kind !== "ready" || subscriptions.length === 0) {
      return undefined;
    }
    return (signal: AbortSignal): AsyncIterable<PubSubItem> =>
      mergeStreams(
        subscriptions.map((subscription) =>
          kv.client.subscribe(subscription.name, { pattern: subscription.isPattern, signal }),
        ),
      );
  }, [kv, subscriptions]);
  const stream = useEventStream(open, { capacity: 500 });

  useKeys(
    (input, key) => {
      if (editing !== undefined) {
        if (key.escape) {
          setEditingField(undefined);
        }
        return;
      }
      if (input === "s") {
        setEditingField("channel");
      } else if (input === "p") {
        setEditingField("pattern");
      } else if (input === "m") {
        setEditingField("publish");
      } else if (input === "u") {
        setSubscriptions((list) => list.slice(0, -1));
      }
    },
    { isActive },
  );

  const publish = async (line: string): Promise<void> => {
    if (kv.kind !== "ready") {
      return;
    }
    const split = splitCommandLine(line);
    const [channel, ...words] = split.ok ? split.words : [];
    if (!split.ok || channel === undefined || words.length === 0) {
      setNotice({ text: "Type a channel, a space, then the message.", isError: true });
      return;
    }
    const message = words.join(" ");
    try {
      const receivers = await kv.client.command("PUBLISH", channel, message);
      setNotice({
        text: `published to ${channel}: ${String(receivers)} receiver(s)`,
        isError: false,
      });
    } catch (error: unknown) {
      const problem = describeProblem(error, kv.target);
      setNotice({ text: `${problem.title}: ${problem.detail}`, isError: true });
    }
  };

  const submit = (value: string): void => {
    const field = editing;
    setEditingField(undefined);
    const text = value.trim();
    if (field === undefined || text === "") {
      return;
    }
    if (field === "publish") {
      void publish(text);
      return;
    }
    const isPattern = field === "pattern";
    setSubscriptions((list) =>
      list.some((entry) => entry.name === text && entry.isPattern === isPattern)
        ? list
        : [...list, { name: text, isPattern }],
    );
  };

  if (kv.kind !== "ready") {
    return <ProblemView problem={missingCredentials(kv.target)} />;
  }
  const names = subscriptions.map((entry) =>
    entry.isPattern ? `${entry.name} (pattern)` : entry.name,
  );
  const room = Math.max(1, height - 5);
  const shown = stream.items.slice(-room);
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>Pub/Sub</Text>{" "}
        {truncate(
          names.length === 0 ? "no subscriptions" : `subscribed: ${names.join(", ")}`,
          width - 9,
        )}
      </Text>
      {editing === undefined ? (
        <Text color={notice?.isError === true ? "red" : "green"}>
          {truncate(notice?.text ?? `${stream.total} message(s) received`, width)}
        </Text>
      ) : (
        <LabeledInput label={LABELS[editing]} value="" isEditing={true} onSubmit={submit} />
      )}
      {stream.status === "failed" ? (
        <ProblemView problem={describeProblem(stream.error, kv.target)} />
      ) : (
        <Box flexDirection="column" height={room}>
          {shown.length === 0 ? (
            <Text dimColor>
              {subscriptions.length === 0
                ? "Press s to subscribe to a channel."
                : "Waiting for messages…"}
            </Text>
          ) : (
            shown.map((item, index) => (
              <Text key={`${stream.total - shown.length + index}`}>
                {truncate(formatItem(item), width)}
              </Text>
            ))
          )}
        </Box>
      )}
      <HelpFooter keys={KEYS} width={width} />
    </Box>
  );
};

function formatItem(item: PubSubItem): string {
  switch (item.kind) {
    case "message":
      return `[${item.channel}] ${item.message}`;
    case "pmessage":
      return `[${item.pattern} → ${item.channel}] ${item.message}`;
    case "subscribe":
    case "psubscribe":
    case "unsubscribe":
    case "punsubscribe":
      return `· ${item.kind} ${item.channel}`;
    default:
      return assertNever(item);
  }
}

function assertNever(value: never): never {
  throw new TypeError(`Unexpected pub/sub item: ${JSON.stringify(value)}`);
}
