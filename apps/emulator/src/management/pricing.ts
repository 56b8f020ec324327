/**
 * The emulator's price table for `monthly_cost`, `dailybilling` and `total_monthly_billing`.
 * Emulator choice: the service's pay-as-you-go list prices at the time of writing, simplified
 * (no free-tier allowances beyond the first bandwidth band, no fixed-plan reservations); free
 * plans cost nothing. The figures are for realism in dashboards, not for invoices.
 */

/** Dollars per unit; `…Per100k` per 100 000 operations, `…PerGb` per GB (10^9 bytes). */
export const Prices = {
  /** Key-value commands, pay as you go. */
  REDIS_COMMANDS_PER_100K: 0.2,
  /** Key-value bandwidth beyond the free band. */
  REDIS_BANDWIDTH_PER_GB: 0.03,
  /** Key-value monthly bandwidth that costs nothing. */
  REDIS_FREE_BANDWIDTH_GB: 200,
  /** Vector and search queries and updates, pay as you go. */
  VECTOR_REQUESTS_PER_100K: 0.4,
  /** Vector and search storage per month. */
  VECTOR_STORAGE_PER_GB: 0.25,
  /** Queue messages, pay as you go. */
  QSTASH_MESSAGES_PER_100K: 1,
} as const;

const GB = 1e9;

/** Cost of key-value usage: `commands` run and `bandwidthBytes` moved, on plan `plan`. */
export function redisCost(
  plan: string,
  usage: { commands: number; bandwidthBytes: number },
): number {
  if (plan === "free") {
    return 0;
  }
  const billableGb = Math.max(0, usage.bandwidthBytes / GB - Prices.REDIS_FREE_BANDWIDTH_GB);
  return round(
    (usage.commands / 100_000) * Prices.REDIS_COMMANDS_PER_100K +
      billableGb * Prices.REDIS_BANDWIDTH_PER_GB,
  );
}

/** Cost of vector or search usage this month. */
export function vectorCost(
  plan: string,
  usage: { requests: number; storageBytes: number },
): number {
  if (plan === "free") {
    return 0;
  }
  return round(
    (usage.requests / 100_000) * Prices.VECTOR_REQUESTS_PER_100K +
      (usage.storageBytes / GB) * Prices.VECTOR_STORAGE_PER_GB,
  );
}

/** Cost of a queue instance's `messages` published this month. */
export function qstashCost(plan: string, usage: { messages: number }): number {
  if (plan === "free") {
    return 0;
  }
  return round((usage.messages / 100_000) * Prices.QSTASH_MESSAGES_PER_100K);
}

/** Rounds to micro-dollars, so sums of tiny costs do not print as 1.0000000000000002e-7. */
function round(dollars: number): number {
  return Math.round(dollars * 1e6) / 1e6;
}
