/**
 * What the Queues screen shows of one queue instance, read through `@stratus/client`'s queue API:
 * messages not final yet (from the log: the latest state of each message that is not DELIVERED,
 * FAILED or cancelled), the dead letter queue, schedules, queues, and the latest log entries.
 * The service has no "list pending messages" call, so the log is where in-flight messages show.
 */
import type { Queue } from "@stratus/client";
import type {
  QStashDlqMessage,
  QStashEvent,
  QStashQueue,
  QStashSchedule,
} from "@stratus/core/schemas";

/** Log entries read per refresh (the service's page maximum). */
const LOG_PAGE = 1000;

export interface QueueOverview {
  /** The latest entry of each message still pending (CREATED, ACTIVE, RETRY, ERROR), newest first. */
  readonly pending: readonly QStashEvent[];
  readonly dlq: readonly QStashDlqMessage[];
  readonly schedules: readonly QStashSchedule[];
  readonly queues: readonly QStashQueue[];
  /** The newest log entries first. */
  readonly log: readonly QStashEvent[];
}

const FINAL_STATES: ReadonlySet<string> = new Set([
  "DELIVERED",
  "FAILED",
  "CANCELED",
  "CANCELLED",
  "CANCEL_REQUESTED",
]);

export async function loadQueueOverview(queue: Queue): Promise<QueueOverview> {
  const [page, dlq, schedules, queues] = await Promise.all([
    queue.logs({ count: LOG_PAGE, order: "latestFirst" }),
    queue.dlq.list({ count: 100 }),
    queue.schedules.list(),
    queue.queues.list(),
  ]);
  return {
    pending: pendingMessages(page.events),
    dlq: dlq.messages,
    schedules,
    queues,
    log: page.events,
  };
}

/** From a newest-first log: the newest entry of each message whose newest state is not final. */
export function pendingMessages(events: readonly QStashEvent[]): QStashEvent[] {
  const seen = new Set<string>();
  const pending: QStashEvent[] = [];
  for (const event of events) {
    if (seen.has(event.messageId)) {
      continue;
    }
    seen.add(event.messageId);
    if (!FINAL_STATES.has(event.state)) {
      pending.push(event);
    }
  }
  return pending;
}
