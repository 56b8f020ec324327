import { StratusCoreError } from "../errors.ts";
import { utf8Encode } from "./bytes.ts";
import { INT64_MAX, INT64_MIN } from "./decimal.ts";
import type { Resp2Value } from "./value.ts";

/** A `Resp2Value` of one kind. */
type Resp2Of<TKind extends Resp2Value["kind"]> = Extract<Resp2Value, { readonly kind: TKind }>;

// The two nulls carry no data, so one frozen instance of each serves every reply.
const NULL_BULK: Resp2Of<"null"> = Object.freeze({ kind: "null" });
const NULL_ARRAY: Resp2Of<"null-array"> = Object.freeze({ kind: "null-array" });

/**
 * Constructors of {@link Resp2Value}s, so replies read like the wire:
 * `Resp2.array([Resp2.bulk("a"), Resp2.integer(1)])`.
 *
 * @example
 * encodeResp2(Resp2.simple("OK")); // "+OK\r\n"
 * encodeResp2(Resp2.null); // "$-1\r\n"
 */
export const Resp2 = Object.freeze({
  /**
   * A simple string (`+OK`). CR and LF cannot appear on the wire; {@link encodeResp2} writes them
   * as spaces.
   */
  simple(value: string): Resp2Of<"simple"> {
    return { kind: "simple", value };
  },
  /**
   * An error reply (`-ERR …`): `message` starts with the error code (`ERR`, `WRONGTYPE`, …).
   * CR and LF become spaces when encoded, as Redis's `addReplyErrorFormat` does.
   */
  error(message: string): Resp2Of<"error"> {
    return { kind: "error", message };
  },
  /**
   * An integer reply. A `number` must be a safe integer; the value must fit in a signed 64-bit
   * integer, the range of RESP2 integers (Redis's `long long`).
   * @throws {StratusCoreError} otherwise.
   */
  integer(value: number | bigint): Resp2Of<"integer"> {
    if (typeof value === "number" && !Number.isSafeInteger(value)) {
      throw new StratusCoreError(`A RESP2 integer must be a safe integer, got ${value}`);
    }
    const integer = BigInt(value);
    if (integer < INT64_MIN || integer > INT64_MAX) {
      throw new StratusCoreError(`A RESP2 integer must fit in 64 bits, got ${integer}`);
    }
    return { kind: "integer", value: integer };
  },
  /** A bulk string: the bytes as given (not copied), or the UTF-8 bytes of a string. */
  bulk(value: Uint8Array | string): Resp2Of<"bulk"> {
    return { kind: "bulk", value: typeof value === "string" ? utf8Encode(value) : value };
  },
  /** The null bulk string, `$-1\r\n`: a missing key's GET. */
  null: NULL_BULK,
  /** The null array, `*-1\r\n`: BLPOP timing out, or EXEC after a WATCHed key changed. */
  nullArray: NULL_ARRAY,
  /** An array (`*<n>`), holding any values, nested arrays included. */
  array(items: readonly Resp2Value[]): Resp2Of<"array"> {
    return { kind: "array", items };
  },
});

/** Whether `value` is an error reply, narrowing it to `{ kind: "error"; message }`. */
export function isResp2Error(value: Resp2Value): value is Resp2Of<"error"> {
  return value.kind === "error";
}
