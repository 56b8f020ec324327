/**
 * The `Upstash-Retry-Delay` expression language (§3.1): arithmetic on the variable `retried` with
 * `pow sqrt abs exp floor ceil round min max`, evaluated to milliseconds. A small recursive-descent
 * parser compiles it once, at publish, so a bad expression is a 400 then and not a failure later.
 */
import { badRequest } from "./errors.ts";

type Node = (retried: number) => number;

const FUNCTIONS: Readonly<Record<string, (...args: number[]) => number>> = {
  pow: (base = 0, exponent = 0) => base ** exponent,
  sqrt: (value = 0) => Math.sqrt(value),
  abs: (value = 0) => Math.abs(value),
  exp: (value = 0) => Math.exp(value),
  floor: (value = 0) => Math.floor(value),
  ceil: (value = 0) => Math.ceil(value),
  round: (value = 0) => Math.round(value),
  min: (...values) => Math.min(...values),
  max: (...values) => Math.max(...values),
};

const ARITY: Readonly<Record<string, [number, number]>> = {
  pow: [2, 2],
  min: [2, Number.POSITIVE_INFINITY],
  max: [2, Number.POSITIVE_INFINITY],
};

/** Compiles `expression`; the result maps the retries done so far to a delay in ms. */
export function compileRetryDelay(expression: string): (retried: number) => number {
  const tokens = expression.match(/\d+(?:\.\d+)?|[A-Za-z_]+|[-+*/(),]|\S/g) ?? [];
  let position = 0;
  const fail = (why: string): never =>
    badRequest(`invalid Upstash-Retry-Delay expression ${JSON.stringify(expression)}: ${why}`);
  const peek = (): string | undefined => tokens[position];
  const expect = (token: string): void => {
    if (tokens[position] !== token) {
      fail(
        `expected '${token}' at ${tokens[position] === undefined ? "the end" : `'${tokens[position]}'`}`,
      );
    }
    position++;
  };
  const primary = (): Node => {
    const token = tokens[position++];
    if (token === undefined) {
      return fail("unexpected end");
    }
    if (/^\d/.test(token)) {
      const value = Number(token);
      return () => value;
    }
    if (token === "(") {
      const inner = sum();
      expect(")");
      return inner;
    }
    if (token === "-") {
      const operand = primary();
      return (retried) => -operand(retried);
    }
    if (token === "retried") {
      return (retried) => retried;
    }
    const fn = Object.hasOwn(FUNCTIONS, token) ? FUNCTIONS[token] : undefined;
    if (fn === undefined) {
      return fail(
        `unknown name '${token}' (use retried, numbers and pow, sqrt, abs, exp, floor, ceil, round, min, max)`,
      );
    }
    expect("(");
    const args: Node[] = [sum()];
    while (peek() === ",") {
      position++;
      args.push(sum());
    }
    expect(")");
    const [least, most] = ARITY[token] ?? [1, 1];
    if (args.length < least || args.length > most) {
      fail(`${token} takes ${least === most ? least : `at least ${least}`} argument(s)`);
    }
    return (retried) => fn(...args.map((arg) => arg(retried)));
  };
  const product = (): Node => {
    let left = primary();
    while (peek() === "*" || peek() === "/") {
      const operator = tokens[position++];
      const right = primary();
      const previous = left;
      left =
        operator === "*"
          ? (retried) => previous(retried) * right(retried)
          : (retried) => previous(retried) / right(retried);
    }
    return left;
  };
  const sum = (): Node => {
    let left = product();
    while (peek() === "+" || peek() === "-") {
      const operator = tokens[position++];
      const right = product();
      const previous = left;
      left =
        operator === "+"
          ? (retried) => previous(retried) + right(retried)
          : (retried) => previous(retried) - right(retried);
    }
    return left;
  };
  const root = sum();
  if (position !== tokens.length) {
    fail(`unexpected '${tokens[position]}'`);
  }
  return (retried) => {
    const value = root(retried);
    return Number.isFinite(value) && value > 0 ? value : 0;
  };
}
