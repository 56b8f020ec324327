import type { RedisArgument } from "./argv.ts";
import type { Decoder } from "./decode.ts";

/** A command's definition: how its arguments become argv and how its reply is decoded. */
export interface ClientCommand<TArgs extends readonly unknown[], TResult> {
  /** The name as sent, with a subcommand after a space (`"SCRIPT LOAD"`, `"JSON.GET"`). */
  readonly name: string;
  /** argv's leading words, from `name`. */
  readonly words: readonly string[];
  /** The arguments after the name, in the service order. */
  readonly encode: (...args: TArgs) => readonly RedisArgument[];
  readonly decode: Decoder<TResult>;
}

/** Any command of the record. */
// biome-ignore lint/suspicious/noExplicitAny: the record holds commands of every argument list.
export type AnyClientCommand = ClientCommand<any, unknown>;

/** The arguments of a command. */
export type CommandArgs<TCommand> =
  TCommand extends ClientCommand<infer TArgs, unknown> ? TArgs : never;

/** The decoded result of a command. */
export type CommandResult<TCommand> =
  TCommand extends ClientCommand<never, infer TResult> ? TResult : never;

type ArgsOf<TSignature> = TSignature extends (...args: infer TArgs) => unknown ? TArgs : never;
type ResultOf<TSignature> = TSignature extends (...args: never[]) => infer TResult
  ? TResult
  : never;

/**
 * Defines a command from its signature: `(key: RedisKey) => string | null` gives a method
 * `get(key): Promise<string | null>` and a pipeline step that appends `string | null`.
 *
 * @example
 * export const getdel = defineClientCommand<(key: RedisKey) => string | null>({
 *   name: "GETDEL", encode: (key) => [key], decode: asNullableText });
 */
export function defineClientCommand<TSignature extends (...args: never[]) => unknown>(definition: {
  readonly name: string;
  readonly encode: (...args: ArgsOf<TSignature>) => readonly RedisArgument[];
  readonly decode: Decoder<ResultOf<TSignature>>;
}): ClientCommand<ArgsOf<TSignature>, ResultOf<TSignature>> {
  return { ...definition, words: definition.name.split(" ") };
}
