/**
 * One line, shown on every screen while the emulator has fault rules: how many, and how often they
 * fired, so injected failures are never mistaken for real ones (`/_stratus/faults`).
 */
import type { FaultRuleState } from "@stratus/core/schemas";
import { Text } from "ink";
import type { FunctionComponent } from "react";

/** The banner's text, or undefined when no rule is set. */
export function faultSummary(rules: readonly FaultRuleState[]): string | undefined {
  if (rules.length === 0) {
    return undefined;
  }
  const injected = rules.reduce((sum, state) => sum + state.injected, 0);
  const scopes = rules
    .map(({ rule, injected: fired }) => {
      const scope =
        rule.resource === undefined ? rule.interface : `${rule.interface}/${rule.resource}`;
      const what =
        rule.error !== undefined
          ? typeof rule.error === "string"
            ? rule.error
            : `error ${rule.error.status}`
          : "latency";
      return `${rule.id} ${scope} ${what} ×${fired}`;
    })
    .join(" · ");
  return `⚠ fault injection: ${rules.length} ${rules.length === 1 ? "rule" : "rules"}, ${injected} injected — ${scopes}`;
}

export const FaultBanner: FunctionComponent<{ readonly text: string; readonly width: number }> = ({
  text,
  width,
}) => (
  <Text color="yellow" wrap="truncate-end">
    {text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text}
  </Text>
);
