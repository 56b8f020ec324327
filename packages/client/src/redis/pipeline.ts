/**
 * `pipeline()` and `multi()`: builders whose methods come from the command record, each step
 * appending its result type to the tuple `exec()` resolves to. A pipeline posts to `/pipeline` (not
 * atomic), a transaction to `/multi-exec` (atomic) (kv-rest-wire.md §12, §15.2).
 */
import type { RestValue } from "@stratus/core/rest";
import type { CommandError } from "../errors.ts";
import type { Argv, RedisArgument } from "./argv.ts";
import { type Commands, commands } from "./commands/index.ts";
import type { Decoder } from "./decode.ts";
import type { AnyClientCommand, CommandArgs, CommandResult } from "./define.ts";
import { batchEntryError, type CallOptions, type KvSession } from "./session.ts";

/** One entry of `exec({ keepErrors: true })`: the decoded value, or that command's error. */
export type PipelineOutcome<TValue> =
  | { readonly ok: true; readonly value: TValue }
  | { readonly ok: false; readonly error: CommandError };

/** The outcomes of a whole batch, position by position. */
export type PipelineOutcomes<TResults extends readonly unknown[]> = {
  -readonly [TIndex in keyof TResults]: PipelineOutcome<TResults[TIndex]>;
};

/** The typed command steps of a builder that has collected `TResults` so far. */
export type PipelineCommands<TResults extends readonly unknown[]> = {
  readonly [TName in keyof Commands]: (
    ...args: CommandArgs<Commands[TName]>
  ) => Pipeline<[...TResults, CommandResult<Commands[TName]>]>;
};

/** Options of `exec`. */
export interface ExecOptions extends CallOptions {
  /**
   * Resolve with every entry's outcome instead of rejecting with the first failed entry's
   * {@link CommandError}.
   * @default false
   */
  readonly keepErrors?: boolean;
}

/** A pipeline or transaction builder. Steps mutate the builder and return it, retyped. */
export type Pipeline<TResults extends readonly unknown[] = []> = PipelineCommands<TResults> & {
  /** Any command, untyped: its raw value is appended. */
  command(name: string, ...args: RedisArgument[]): Pipeline<[...TResults, RestValue]>;
  /** How many commands are queued. */
  readonly length: number;
  /**
   * Sends the batch. Rejects with the first failed entry's {@link CommandError} (`index` says
   * which), or with `UsageError("Pipeline is empty")` without sending anything.
   */
  exec(options?: ExecOptions & { readonly keepErrors?: false }): Promise<TResults>;
  /** Sends the batch and resolves with every entry's outcome. */
  exec(options: ExecOptions & { readonly keepErrors: true }): Promise<PipelineOutcomes<TResults>>;
};

interface Step {
  readonly argv: Argv;
  readonly decode: Decoder<unknown>;
}

const asIs: Decoder<unknown> = (value) => value;

/** The runtime builder; its typed methods are installed on the prototype below. */
class PipelineBuilder {
  readonly #session: KvSession;
  readonly #isTransaction: boolean;
  readonly #steps: Step[] = [];

  constructor(session: KvSession, isTransaction: boolean) {
    this.#session = session;
    this.#isTransaction = isTransaction;
  }

  get length(): number {
    return this.#steps.length;
  }

  push(step: Step): this {
    this.#steps.push(step);
    return this;
  }

  command(name: string, ...args: RedisArgument[]): this {
    return this.push({ argv: [name, ...args], decode: asIs });
  }

  async exec(options: ExecOptions = {}): Promise<unknown[]> {
    const steps = this.#steps;
    const outcomes = await this.#session.executeBatch(
      steps.map((step) => step.argv),
      { isTransaction: this.#isTransaction, signal: options.signal, timeoutMs: options.timeoutMs },
    );
    const decoded = outcomes.map((outcome, index): PipelineOutcome<unknown> => {
      const step = steps[index];
      if (step === undefined) {
        return { ok: true, value: outcome.ok ? outcome.value : null };
      }
      return outcome.ok
        ? { ok: true, value: step.decode(outcome.value) }
        : { ok: false, error: batchEntryError(outcome.error, step.argv, index) };
    });
    if (options.keepErrors === true) {
      return decoded;
    }
    return decoded.map((outcome) => {
      if (!outcome.ok) {
        throw outcome.error;
      }
      return outcome.value;
    });
  }
}

// One method per command of the record: the same loop serves every command (STYLE.md §8).
for (const [name, command] of Object.entries(commands) as [string, AnyClientCommand][]) {
  Object.defineProperty(PipelineBuilder.prototype, name, {
    value(this: PipelineBuilder, ...args: unknown[]) {
      return this.push({
        argv: [...command.words, ...command.encode(...args)],
        decode: command.decode,
      });
    },
  });
}

/** Starts a builder over a session. */
export function createPipeline(
  session: KvSession,
  options: { readonly isTransaction: boolean },
): Pipeline {
  return new PipelineBuilder(session, options.isTransaction) as unknown as Pipeline;
}
