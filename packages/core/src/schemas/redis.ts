/**
 * JSON bodies of the key-value REST interface (`spec/kv-rest-wire.md` §2–§5, §12): the command
 * array of `POST /`, the batches of `/pipeline` and `/multi-exec`, and their `{result}` / `{error}`
 * answers. How a `Resp2Value` becomes a `result` (base64 and all) is `rest/`'s job, not this file's.
 */
import { z } from "zod";

/**
 * One argument of a JSON command: a string, number or boolean, turned into Redis bytes the way
 * `String(value)` does (`spec/kv-rest-wire.md` §3). Arrays, objects and `null` are refused.
 */
export const RestArgumentSchema = z.union([z.string(), z.number(), z.boolean()], {
  error: "command arguments must be strings, numbers or booleans",
});

/** One argument of a JSON command. */
export type RestArgument = z.output<typeof RestArgumentSchema>;

/**
 * A command as a JSON array: the command name (a string) first, then its arguments in the
 * service's order, e.g. `["SET","foo","bar","EX",100]`. An empty array, a non-string name and
 * array or object arguments are refused with 400 (`spec/kv-rest-wire.md` §3, emulator choice).
 */
export const RestCommandSchema = z.tuple(
  [
    z.string({
      error: (issue) =>
        issue.input === undefined
          ? "command must not be empty: send [name, ...arguments]"
          : "the command name (the first element) must be a string",
    }),
  ],
  RestArgumentSchema,
  { error: "command must be a JSON array: [name, ...arguments]" },
);

/** A command array as sent: `[name, ...arguments]`. */
export type RestCommand = z.output<typeof RestCommandSchema>;

/**
 * The body of `POST /pipeline` and `POST /multi-exec`: a non-empty array of command arrays,
 * e.g. `[["SET","k","v"],["GET","k"]]` (`spec/kv-rest-wire.md` §2.2).
 */
export const RestBatchSchema = z
  .array(RestCommandSchema, { error: "body must be a JSON array of command arrays" })
  .min(1, "body must contain at least one command");

/** A pipeline or transaction body. */
export type RestBatch = z.output<typeof RestBatchSchema>;

/**
 * A `result` value: `null`, a number (a RESP2 integer), a string (a bulk or status reply, possibly
 * base64) or an array of these at any depth (`spec/kv-rest-wire.md` §5.2).
 */
export type RestResultValue = null | number | string | readonly RestResultValue[];

/** Checks a {@link RestResultValue}. */
export const RestResultValueSchema: z.ZodType<RestResultValue> = z.union([
  z.null(),
  z.number(),
  z.string(),
  z.array(z.lazy(() => RestResultValueSchema)).readonly(),
]);

/**
 * A successful command: `{"result": …}`. `result` must be present (`null` is a value) and there is
 * no `error` key (`spec/kv-rest-wire.md` §5.1).
 */
export const RestResultSchema = z.strictObject({
  /** The reply, converted per `spec/kv-rest-wire.md` §5.2. */
  result: RestResultValueSchema,
});

/** A successful command's body or batch entry. */
export type RestResult = z.output<typeof RestResultSchema>;

/** A failed command: `{"error":"<full error line>"}`, with no `result` key. */
export const RestErrorSchema = z.strictObject({
  /** The Redis error line, e.g. `WRONGTYPE Operation against a key holding the wrong kind of value`. */
  error: z.string(),
});

/** A failed command's body or batch entry. */
export type RestError = z.output<typeof RestErrorSchema>;

/** The answer to one command (`POST /` or a path command), and each entry of a batch's answer. */
export const RestResponseSchema = z.union([RestResultSchema, RestErrorSchema]);

/** The answer to one command. */
export type RestResponse = z.output<typeof RestResponseSchema>;

/**
 * The answer of `/pipeline`: one entry per command, in order; a failed command is an `{error}`
 * entry and the others still run (`spec/kv-rest-wire.md` §5.1, §12).
 */
export const RestPipelineResponseSchema = z.array(RestResponseSchema);

/** The answer of `/pipeline`. */
export type RestPipelineResponse = z.output<typeof RestPipelineResponseSchema>;

/**
 * The answer of `/multi-exec`: an array as for a pipeline, or one `{error}` object (sent with
 * 400) when the transaction was discarded as a whole (`spec/kv-rest-wire.md` §12).
 */
export const RestTransactionResponseSchema = z.union([RestPipelineResponseSchema, RestErrorSchema]);

/** The answer of `/multi-exec`. */
export type RestTransactionResponse = z.output<typeof RestTransactionResponseSchema>;
