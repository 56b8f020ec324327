/**
 * Fault rules on the RESP port (issue 23): a rule scoped to `resp` (or `any`), a database and a
 * command fires per command, as rules fire per request over HTTP. Latency delays the reply; an
 * error preset is answered as a Redis error with the key-value interface's text; `connection-reset`
 * drops the connection unanswered; `redis-outage` answers what a proxy answers when its Redis is
 * unreachable, then closes, as a real outage does (`connection.ts` #unavailable).
 */
import type { FaultInjector, StoredRule } from "../faults/injector.ts";
import { presetAnswer } from "../faults/injector.ts";

/** What happens to the command after the latency. */
export type RespFaultOutcome =
  | { readonly kind: "run" }
  | { readonly kind: "error"; readonly message: string }
  | { readonly kind: "reset" }
  | { readonly kind: "outage"; readonly message: string };

/** What the rules ask of one command. */
export interface RespFault {
  readonly latencyMs: number;
  readonly outcome: RespFaultOutcome;
  /** Logs the fault as one line per rule that fired. */
  report(): void;
}

/** The text of an error given as `{status, body}`: the body's `error` field, or the body. */
function customMessage(error: { status: number; body: string }): string {
  let text = error.body;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (typeof parsed === "object" && parsed !== null && "error" in parsed) {
      text = String(parsed.error);
    }
  } catch {
    // Not JSON: the body is the message.
  }
  // A Redis error starts with its code in capitals (`ERR`, `WRONGTYPE`…); give it one if it lacks.
  return /^[A-Z][A-Z_-]* /.test(text) ? text : `ERR ${text}`;
}

function outcomeOf(error: StoredRule["error"], outageMessage: string): RespFaultOutcome {
  if (error === undefined) {
    return { kind: "run" };
  }
  if (typeof error !== "string") {
    return { kind: "error", message: customMessage(error) };
  }
  if (error === "connection-reset") {
    return { kind: "reset" };
  }
  if (error === "redis-outage") {
    return { kind: "outage", message: outageMessage };
  }
  return {
    kind: "error",
    message: presetAnswer(error, { scope: { interface: "resp" }, outageMessage }).message,
  };
}

function describe(fault: { latencyMs: number; outcome: RespFaultOutcome }): string {
  const parts = fault.latencyMs > 0 ? [`latency ${fault.latencyMs} ms`] : [];
  const { outcome } = fault;
  if (outcome.kind === "error") {
    parts.push(`error ${outcome.message}`);
  } else if (outcome.kind === "reset") {
    parts.push("connection reset");
  } else if (outcome.kind === "outage") {
    parts.push("redis outage");
  }
  return parts.join(", ");
}

/**
 * The fault for `command` (upper case) on `database` from `address`, or undefined when no rule
 * fires (the common case: one size check when no rule is set).
 */
export function respFault(
  injector: FaultInjector,
  request: {
    readonly database: string | undefined;
    readonly command: string;
    readonly address: string;
  },
): RespFault | undefined {
  if (injector.size === 0) {
    return undefined;
  }
  const decision = injector.decide({ interface: "resp", resource: request.database, path: "" }, [
    request.command,
  ]);
  if (decision === undefined) {
    return undefined;
  }
  const fault = {
    latencyMs: decision.latencyMs,
    outcome: outcomeOf(decision.error, injector.outageMessage),
  };
  return {
    ...fault,
    report: () => {
      for (const ruleId of decision.ruleIds) {
        injector.report({
          ruleId,
          method: "RESP",
          path: `${request.address} ${request.command}`,
          action: describe(fault),
        });
      }
    },
  };
}
