/**
 * Fault rules (issue 23) and what they ask of one request or command: added latency, an error,
 * a closed connection, an event stream ended early. Shared by both front doors: `http/faults.ts`
 * applies decisions to HTTP requests, `resp/faults.ts` to commands on the RESP port. With no
 * rule set, asking costs one size check.
 */
import {
  type FaultRule,
  type FaultRuleInput,
  FaultRuleSchema,
  type FaultRuleState,
} from "@stratus/core/schemas";

/** A rule with its id. */
export type StoredRule = FaultRule & { readonly id: string };

/** The interface a request belongs to. */
export type FaultInterface = Exclude<FaultRule["interface"], "any">;

/** Where a request goes, as far as rules can scope it. */
export interface FaultScope {
  readonly interface: FaultInterface;
  /** The database or index name, when the path names one (the default database at the root). */
  readonly resource: string | undefined;
  readonly path: string;
}

/** What an injected fault did, for logs. */
export interface InjectedFault {
  readonly ruleId: string;
  readonly method: string;
  readonly path: string;
  /** e.g. `latency 200 ms`, `error 429`, `connection reset`, `stream dropped after 3 events`. */
  readonly action: string;
}

/** What the matching rules ask for one request. */
export interface Decision {
  readonly latencyMs: number;
  readonly error: FaultRule["error"];
  readonly dropSseAfter: number | undefined;
  /** Rules that fired, for the log. */
  readonly ruleIds: readonly string[];
}

/** A mistake in a rule: a 400 for the control endpoint, a start-up error for flags. */
export class FaultRuleError extends Error {
  override readonly name = "FaultRuleError";
}

export interface FaultInjectorOptions {
  /** Told of every injected fault. */
  readonly onInjected?: (fault: InjectedFault) => void;
  /** For `probability` and `jitterMs`. @default Math.random */
  readonly random?: () => number;
  /**
   * What the `redis-outage` preset names as unreachable: the proxied Redis as the proxy's own
   * outage error names it (`redis://host:port/db`). @default "the embedded engine"
   */
  readonly redisTarget?: string;
}

interface RuleState {
  readonly rule: StoredRule;
  matched: number;
  injected: number;
}

export class FaultInjector {
  readonly #rules = new Map<string, RuleState>();
  readonly #options: FaultInjectorOptions;
  #nextId = 1;

  constructor(options: FaultInjectorOptions = {}) {
    this.#options = options;
  }

  /** The `redis-outage` preset's text: what a proxy answers while its Redis is unreachable. */
  get outageMessage(): string {
    return `ERR backend unavailable: Redis at ${this.#options.redisTarget ?? "the embedded engine"}: connect ECONNREFUSED (injected outage)`;
  }

  /** How many rules are set. */
  get size(): number {
    return this.#rules.size;
  }

  /**
   * Adds a rule, checked: a {@link FaultRuleInput} or its `--fault` text. Returns it with its id;
   * a rule with a used id replaces that one.
   */
  add(input: unknown): StoredRule {
    const parsed = FaultRuleSchema.safeParse(
      typeof input === "string" ? parseFaultFlag(input) : input,
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where =
        issue === undefined || issue.path.length === 0 ? "" : `${issue.path.join(".")}: `;
      throw new FaultRuleError(`fault rule: ${where}${issue?.message ?? "invalid"}`);
    }
    if (
      parsed.data.error === "redis-outage" &&
      parsed.data.interface !== "kv" &&
      parsed.data.interface !== "resp"
    ) {
      throw new FaultRuleError(
        "fault rule: redis-outage is the key-value service's failure: give interface kv or resp",
      );
    }
    const id = parsed.data.id ?? `f${this.#nextId++}`;
    const rule: StoredRule = { ...parsed.data, id };
    this.#rules.set(id, { rule, matched: 0, injected: 0 });
    return rule;
  }

  /** Removes one rule; false when there is none with that id. */
  remove(id: string): boolean {
    return this.#rules.delete(id);
  }

  clear(): void {
    this.#rules.clear();
  }

  /** Every rule with its counts. */
  list(): FaultRuleState[] {
    return [...this.#rules.values()].map(({ rule, matched, injected }) => ({
      rule,
      matched,
      injected,
    }));
  }

  /** What the rules do to a request of `scope` running `commands` (upper case), if anything. */
  decide(scope: FaultScope, commands: readonly string[] | undefined): Decision | undefined {
    let latencyMs = 0;
    let error: FaultRule["error"];
    let dropSseAfter: number | undefined;
    const ruleIds: string[] = [];
    const random = this.#options.random ?? Math.random;
    for (const state of this.#rules.values()) {
      const { rule } = state;
      if (!matches(rule, scope, commands)) {
        continue;
      }
      state.matched += 1;
      if (rule.times !== undefined && state.injected >= rule.times) {
        continue;
      }
      const isDue =
        (rule.every === undefined || state.matched % rule.every === 0) &&
        (rule.probability === undefined || random() < rule.probability);
      if (!isDue) {
        continue;
      }
      state.injected += 1;
      ruleIds.push(rule.id);
      latencyMs +=
        rule.latencyMs + (rule.jitterMs > 0 ? Math.floor(random() * (rule.jitterMs + 1)) : 0);
      error ??= rule.error;
      dropSseAfter ??= rule.dropSseAfter;
    }
    return ruleIds.length === 0 ? undefined : { latencyMs, error, dropSseAfter, ruleIds };
  }

  /** Logs an injected fault. */
  report(fault: InjectedFault): void {
    this.#options.onInjected?.(fault);
  }
}

function matches(
  rule: StoredRule,
  scope: FaultScope,
  commands: readonly string[] | undefined,
): boolean {
  if (rule.interface !== "any" && rule.interface !== scope.interface) {
    return false;
  }
  if (rule.resource !== undefined && rule.resource !== scope.resource) {
    return false;
  }
  if (rule.route !== undefined && !scope.path.startsWith(rule.route)) {
    return false;
  }
  if (rule.command !== undefined) {
    const wanted = rule.command.toUpperCase();
    return commands?.includes(wanted) === true;
  }
  return true;
}

/**
 * `--fault` and `STRATUS_FAULT` rules: `<interface>[/<resource>]:<key>=<value>,…`, keys `latency`,
 * `jitter` (ms), `error` (a preset or a status), `body`, `probability`, `every`, `command`,
 * `route`, `drop-sse-after`, `times`, `id`. E.g. `kv:latency=200,jitter=50`,
 * `vector/default:error=requests-limit,every=3`, `any:error=503,probability=0.1`.
 */
export function parseFaultFlag(text: string): FaultRuleInput {
  const colon = text.indexOf(":");
  if (colon === -1) {
    throw new FaultRuleError(
      `fault rule "${text}": expected <interface>[/<resource>]:<key>=<value>,… (e.g. kv:latency=200)`,
    );
  }
  const [scope = "", resource] = text.slice(0, colon).split("/", 2);
  const rule: Record<string, unknown> = { interface: scope };
  if (resource !== undefined && resource !== "") {
    rule["resource"] = resource;
  }
  let status: number | undefined;
  let body: string | undefined;
  for (const pair of text.slice(colon + 1).split(",")) {
    const equals = pair.indexOf("=");
    const key = pair.slice(0, equals === -1 ? undefined : equals).trim();
    const value = equals === -1 ? "" : pair.slice(equals + 1).trim();
    const number = (): number => {
      const parsed = Number(value);
      if (value === "" || !Number.isFinite(parsed)) {
        throw new FaultRuleError(`fault rule "${text}": ${key} must be a number, not "${value}"`);
      }
      return parsed;
    };
    switch (key) {
      case "latency":
        rule["latencyMs"] = number();
        break;
      case "jitter":
        rule["jitterMs"] = number();
        break;
      case "error":
        if (/^\d+$/.test(value)) {
          status = Number(value);
        } else {
          rule["error"] = value;
        }
        break;
      case "body":
        body = value;
        break;
      case "probability":
      case "every":
      case "times":
        rule[key] = number();
        break;
      case "drop-sse-after":
        rule["dropSseAfter"] = number();
        break;
      case "command":
      case "route":
      case "id":
        rule[key] = value;
        break;
      default:
        throw new FaultRuleError(`fault rule "${text}": unknown key "${key}"`);
    }
  }
  if (status !== undefined) {
    rule["error"] = {
      status,
      body: body ?? JSON.stringify({ error: `injected fault: ${status}` }),
    };
  } else if (body !== undefined) {
    throw new FaultRuleError(`fault rule "${text}": body needs error=<status>`);
  }
  return rule as FaultRuleInput;
}

/**
 * The status and message of each preset, per interface (kv-rest-wire.md §8, §14;
 * vector-rest-wire.md §1.3); the RESP port answers the key-value messages as errors.
 */
export function presetAnswer(
  preset: Exclude<Extract<FaultRule["error"], string>, "connection-reset">,
  { scope, outageMessage }: { scope: Pick<FaultScope, "interface">; outageMessage: string },
): { status: number; message: string } {
  switch (preset) {
    case "redis-outage":
      // The proxy's answer while its Redis is unreachable (http-error.ts knownError).
      return { status: 503, message: outageMessage };
    case "unauthorized":
      return {
        status: 401,
        message:
          scope.interface === "kv" || scope.interface === "resp"
            ? "WRONGPASS invalid or missing auth token"
            : scope.interface === "vector" || scope.interface === "search"
              ? "Unauthorized: Invalid auth token"
              : "unauthorized",
      };
    case "requests-limit":
      return { status: 429, message: "ERR max requests limit exceeded." };
    case "daily-limit":
      return { status: 400, message: "ERR max daily request limit exceeded" };
    case "request-size":
      return { status: 413, message: "ERR max request size exceeded" };
    case "internal":
      return { status: 500, message: "ERR internal error (injected fault)" };
    case "unavailable":
      return { status: 503, message: "ERR service unavailable (injected fault)" };
    default:
      return assertNever(preset);
  }
}

function assertNever(value: never): never {
  throw new TypeError(`Unexpected fault preset: ${String(value)}`);
}
