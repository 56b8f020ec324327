/**
 * Plan limits of a queue instance, the values its management record shows (`queueRecord`:
 * `max_message_size`, `max_retries`, `max_delay`, `max_topics`, …). Going over one is a 412 in
 * the service's wording (queues-wire.md §6.4), bad input stays a 400.
 */
import { QueueRequestError } from "./errors.ts";

export const QueueLimits = {
  MAX_MESSAGE_BYTES: 1_048_576,
  MAX_RETRIES: 5,
  MAX_DELAY_MS: 604_800_000,
  MAX_TOPICS: 100,
  MAX_ENDPOINTS_PER_TOPIC: 100,
  MAX_SCHEDULES: 1000,
  MAX_QUEUES: 100,
  MAX_PARALLELISM: 100,
  /** `max_dlq_retention_time_milis`: 7 days. */
  DLQ_RETENTION_MS: 604_800_000,
} as const;

const DAY_MS = 86_400_000;

/**
 * What a queue instance's plan bounds beyond the fixed limits above, from the vendor's pricing
 * page (https://upstash.com/pricing/qstash, "Compare Plans") and its Developer API's QStash user
 * record (`max_events_size`, `retention`, `max_global_parallelism`):
 * - the log keeps at most `maxEvents` entries ("Max Events Size (Number of logs to keep)": 10,000
 *   on the free and pay-as-you-go plans; the fixed-plan record shows 100,000) and none older than
 *   `eventRetentionMs` ("Max Logs Retention": 3 days on free; the fixed-plan record's `retention`
 *   is 7 days, which pay as you go gets too);
 * - at most `globalParallelism` deliveries are in flight per instance ("Parallelism": 100 on pay
 *   as you go, 200 on Fixed 1M, 1,000 on Fixed 10M; the pages show no figure for the free plan or
 *   Fixed 100M, so free gets pay-as-you-go's 100 and Fixed 100M Fixed 10M's 1,000).
 */
export interface PlanLimits {
  readonly maxEvents: number;
  readonly eventRetentionMs: number;
  /** Deliveries in flight per queue instance; infinity is no cap. */
  readonly globalParallelism: number;
}

export function planLimits(plan: string | undefined): PlanLimits {
  switch (plan) {
    case "qstash_fixed_1m":
      return { maxEvents: 100_000, eventRetentionMs: 7 * DAY_MS, globalParallelism: 200 };
    case "qstash_fixed_10m":
    case "qstash_fixed_100m":
      return { maxEvents: 100_000, eventRetentionMs: 7 * DAY_MS, globalParallelism: 1000 };
    case "free":
      return { maxEvents: 10_000, eventRetentionMs: 3 * DAY_MS, globalParallelism: 100 };
    default:
      return { maxEvents: 10_000, eventRetentionMs: 7 * DAY_MS, globalParallelism: 100 };
  }
}

export function overLimit(what: string, limit: number): never {
  throw new QueueRequestError(412, `${what} exceeds the plan's limit of ${limit}`);
}

/**
 * The monthly budget (`update-budget`; 0 is no limit): once this month's cost reaches it, publishes
 * are refused until the month turns or the budget is raised. A 412 like the other plan limits;
 * the service's own text for it is not documented.
 */
export function checkBudget(input: { budget: number; monthlyCost: number }): void {
  if (input.budget > 0 && input.monthlyCost >= input.budget) {
    throw new QueueRequestError(
      412,
      `the monthly budget of $${input.budget} is reached ($${input.monthlyCost.toFixed(2)} this month): raise it with update-budget, or set it to 0 for no limit`,
    );
  }
}

/**
 * The daily quota (`--qstash-daily-limit`, off by default: the service's free plan allows 1,000
 * messages a day, which local development would hit): once `todayCount` messages were published
 * this UTC day (counting each message: every entry of a batch, every endpoint of a URL group, as
 * the pricing page's "Max Messages per Day" does), publishes get the service's 429 with `RateLimit-Limit`, `-Remaining` and `-Reset`
 * (unix seconds of the next UTC midnight), which the SDK raises as `QstashDailyRatelimitError`.
 */
export function checkDailyQuota(input: {
  limit: number;
  todayCount: number;
  /** Messages the request would add; a request that would go past the limit is refused whole. */
  messages: number;
  nowMs: number;
}): void {
  if (input.todayCount + input.messages <= input.limit) {
    return;
  }
  const reset = Math.floor(input.nowMs / DAY_MS + 1) * DAY_MS;
  throw new QueueRequestError(
    429,
    `Exceeded daily rate limit: ${input.limit} messages per day; the quota resets at ${new Date(reset).toISOString()}`,
    {
      "RateLimit-Limit": String(input.limit),
      "RateLimit-Remaining": String(Math.max(0, input.limit - input.todayCount)),
      "RateLimit-Reset": String(reset / 1000),
    },
  );
}
