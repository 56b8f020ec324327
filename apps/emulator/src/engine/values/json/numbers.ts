import { ERR, ReplyError } from "../../errors.ts";
import { parseStrictJsonArg, textArg } from "./arguments.ts";
import {
  isJsonNumber,
  isLongNumber,
  JsonFloat,
  jsonNumberToDouble,
  normaliseInteger,
} from "./value.ts";

export type NumericOperation = "incr" | "mult";

/**
 * JSON.NUMINCRBY / JSON.NUMMULTBY on one value (`do_num_op`): integer with integer is i64
 * arithmetic that wraps around, as RedisJSON's `wrapping_add`/`wrapping_mul`; anything else is
 * f64 arithmetic giving a float, and a non-finite result is `result is not a number`.
 */
export function applyNumericOperation(
  current: number | bigint | JsonFloat,
  operand: number | bigint | JsonFloat,
  operation: NumericOperation,
): number | bigint | JsonFloat {
  if (isLongNumber(current) && isLongNumber(operand)) {
    if (typeof current === "number" && typeof operand === "number") {
      const fast = operation === "incr" ? current + operand : current * operand;
      if (Number.isSafeInteger(fast)) {
        return fast;
      }
    }
    const a = BigInt(current);
    const b = BigInt(operand);
    return normaliseInteger(BigInt.asIntN(64, operation === "incr" ? a + b : a * b));
  }
  const a = jsonNumberToDouble(current);
  const b = jsonNumberToDouble(operand);
  const result = operation === "incr" ? a + b : a * b;
  if (!Number.isFinite(result)) {
    throw new ReplyError(ERR.JSON_RESULT_NOT_A_NUMBER);
  }
  return new JsonFloat(result);
}

/** NUMINCRBY's operand: any JSON number, else `bad input number`. */
export function parseNumericOperand(binary: string): number | bigint | JsonFloat {
  const value = parseStrictJsonArg(textArg(binary));
  if (!isJsonNumber(value)) {
    throw new ReplyError(ERR.JSON_BAD_INPUT_NUMBER);
  }
  return value;
}
