/**
 * Queues: one queue instance at a time (←/→ pick among the management API's instances) — its
 * messages not final yet, dead letters, schedules, queues and a live delivery log, refreshed every
 * `refreshMs` while shown. Everything is read from the instance's own queue API (its record's
 * `rest_url` and token), so what shows is what `@upstash/qstash` would see.
 */
import type { QStashEvent } from "@stratus/core/schemas";
import { Box, Text } from "ink";
import { type FunctionComponent, type ReactNode, useCallback, useState } from "react";
import { HelpFooter } from "../components/HelpFooter.tsx";
import { ProblemView } from "../components/ProblemView.tsx";
import { useKeys } from "../hooks/use-keys.ts";
import { usePolling } from "../hooks/use-polling.ts";
import { useScreen } from "../hooks/use-screen.ts";
import type { CliOptions } from "../lib/options.ts";
import { describeProblem, missingCredentials } from "../lib/problem.ts";
import type { Services } from "../lib/services.ts";

export interface QueuesScreenProps {
  readonly services: Services;
  readonly options: Pick<CliOptions, "refreshMs">;
}

const KEYS = [
  ["←/→", "instance"],
  ["r", "refresh"],
] as const;

/** Rows per section; the log takes what is left of the screen. */
const SECTION_ROWS = 5;

const STATE_COLORS: Readonly<Record<string, string>> = {
  DELIVERED: "green",
  FAILED: "red",
  ERROR: "red",
  RETRY: "yellow",
  ACTIVE: "cyan",
};

export const QueuesScreen: FunctionComponent<QueuesScreenProps> = ({ services, options }) => {
  const { width, height, isActive } = useScreen();
  const management = services.management;
  const [choice, setChoice] = useState(0);
  const load = useCallback(async () => {
    if (management.kind !== "ready") {
      throw new Error("no management credentials");
    }
    const instances = await management.client.listQueues();
    const index = Math.min(choice, Math.max(0, instances.length - 1));
    const instance = instances[index];
    return {
      instances,
      index,
      overview:
        instance === undefined ? undefined : await management.client.queueOverview(instance),
    };
  }, [management, choice]);
  const poll = usePolling(load, {
    intervalMs: isActive ? options.refreshMs : undefined,
    isEnabled: management.kind === "ready",
  });

  useKeys(
    (input, key) => {
      const count = poll.value?.instances.length ?? 0;
      if (key.rightArrow && count > 0) {
        setChoice(((poll.value?.index ?? 0) + 1) % count);
      } else if (key.leftArrow && count > 0) {
        setChoice(((poll.value?.index ?? 0) + count - 1) % count);
      } else if (input === "r") {
        poll.refresh();
      }
    },
    { isActive },
  );

  if (management.kind !== "ready") {
    return <ProblemView problem={missingCredentials(management.target)} />;
  }
  if (poll.value === undefined) {
    return poll.error === undefined ? (
      <Text>Loading queue instances from {management.target.url}…</Text>
    ) : (
      <Box flexDirection="column">
        <ProblemView problem={describeProblem(poll.error, management.target)} hint="r: retry" />
        <HelpFooter keys={KEYS} width={width} />
      </Box>
    );
  }
  const { instances, index, overview } = poll.value;
  const instance = instances[index];
  if (instance === undefined || overview === undefined) {
    return <Text>No queue instances.</Text>;
  }
  // The log gets the rows the sections leave: a title each, their rows, the header and footer.
  const sectionRows = [overview.pending, overview.dlq, overview.schedules, overview.queues].reduce(
    (rows, entries) => rows + 1 + Math.min(SECTION_ROWS, entries.length),
    0,
  );
  const logRows = Math.max(3, height - sectionRows - 3);
  return (
    <Box flexDirection="column">
      <Text bold>
        Queue instance {index + 1}/{instances.length}: {instance.customer_id ?? instance.id} ·{" "}
        {instance.rest_url ?? ""}
        {poll.error === undefined ? "" : " · refresh failed"}
      </Text>
      <Section title={`in flight (${overview.pending.length})`}>
        {overview.pending.slice(0, SECTION_ROWS).map((event) => (
          <Line key={event.messageId} width={width}>
            <StateText state={event.state} /> {event.messageId} → {event.url}
            {event.queueName === undefined ? "" : ` · queue ${event.queueName}`}
            {event.nextDeliveryTime === undefined
              ? ""
              : ` · next ${new Date(event.nextDeliveryTime).toISOString()}`}
          </Line>
        ))}
      </Section>
      <Section title={`dead letters (${overview.dlq.length})`}>
        {overview.dlq.slice(0, SECTION_ROWS).map((entry) => (
          <Line key={entry.dlqId} width={width}>
            {entry.responseStatus === undefined ? "" : `${entry.responseStatus} `}
            {entry.messageId} → {entry.url} · {entry.dlqId}
          </Line>
        ))}
      </Section>
      <Section title={`schedules (${overview.schedules.length})`}>
        {overview.schedules.slice(0, SECTION_ROWS).map((schedule) => (
          <Line key={schedule.scheduleId} width={width}>
            {schedule.scheduleId} "{schedule.cron}" → {schedule.destination}
            {schedule.isPaused ? " · paused" : ""}
          </Line>
        ))}
      </Section>
      <Section title={`queues (${overview.queues.length})`}>
        {overview.queues.slice(0, SECTION_ROWS).map((queue) => (
          <Line key={queue.name} width={width}>
            {queue.name} · parallelism {queue.parallelism} · lag {queue.lag}
            {queue.paused ? " · paused" : ""}
          </Line>
        ))}
      </Section>
      <Section title="delivery log">
        {overview.log.slice(0, logRows).map((event) => (
          <LogLine key={`${event.messageId}-${event.time}-${event.state}`} event={event} />
        ))}
      </Section>
      <HelpFooter keys={KEYS} width={width} />
    </Box>
  );
};

const Section: FunctionComponent<{ readonly title: string; readonly children: ReactNode }> = ({
  title,
  children,
}) => (
  <Box flexDirection="column">
    <Text bold color="yellow">
      {title}
    </Text>
    {children}
  </Box>
);

const Line: FunctionComponent<{ readonly width: number; readonly children: ReactNode }> = ({
  width,
  children,
}) => (
  <Box width={width}>
    <Text wrap="truncate-end">
      {"  "}
      {children}
    </Text>
  </Box>
);

const StateText: FunctionComponent<{ readonly state: string }> = ({ state }) => {
  const color = STATE_COLORS[state];
  return color === undefined ? <Text>{state}</Text> : <Text color={color}>{state}</Text>;
};

const LogLine: FunctionComponent<{ readonly event: QStashEvent }> = ({ event }) => (
  <Text wrap="truncate-end">
    {"  "}
    {new Date(event.time).toISOString().slice(11, 23)} <StateText state={event.state} />{" "}
    {/* The status before the URL, so a narrow terminal cuts the URL's end, not the status. */}
    {event.responseStatus === undefined ? "" : `${event.responseStatus} `}
    {event.messageId} {event.url}
    {event.error === undefined ? "" : ` · ${event.error}`}
  </Text>
);
