/**
 * A small PEG engine that behaves like pest, the parser generator RedisJSON's JSONPath grammar is
 * written in, so that both accept the same paths and fail at the same position with the same
 * "expected one of the following" list:
 * - **Implicit whitespace**: between the items of a sequence or repetition in a non-atomic rule,
 *   spaces are skipped (the grammar's `WHITESPACE = _{ " " }`), as pest inserts `skip`.
 * - **Atomic rules** (`@{…}`) match text only: no whitespace inside, no inner tokens, no tracking.
 * - **Silent rules** (`_{…}`) are inlined: they produce no token and are never reported.
 * - **Error tracking** is pest's `ParserState::track`: when a named rule fails, it is recorded at
 *   its start position if that is the furthest failure so far; a rule whose children made exactly
 *   one attempt there lets that child speak for it, otherwise it replaces their attempts.
 */

/** A matched named rule. `children` holds the named rules matched inside it (none for atomic). */
export interface Token<TRule extends string> {
  readonly rule: TRule;
  readonly start: number;
  readonly end: number;
  readonly children: readonly Token<TRule>[];
}

/** The parser's state: the input, the position and pest's furthest-failure record. */
export interface PegState<TRule extends string> {
  readonly input: string;
  pos: number;
  /** The furthest position where a named rule failed. */
  attemptPos: number;
  /** The rules that failed there (pest's `pos_attempts`). */
  readonly attempts: TRule[];
}

/** Matches at `state.pos`: the tokens produced (position advanced) or undefined (position kept). */
export type Matcher<TRule extends string> = (state: PegState<TRule>) => Token<TRule>[] | undefined;

const NO_TOKENS: never[] = [];

export function createState<TRule extends string>(input: string): PegState<TRule> {
  return { input, pos: 0, attemptPos: 0, attempts: [] };
}

/** pest's implicit `skip`: the grammar's whitespace is a single space. */
function skip<TRule extends string>(state: PegState<TRule>): void {
  while (state.input.charCodeAt(state.pos) === 0x20) {
    state.pos++;
  }
}

/** A literal string. */
export function literal<TRule extends string>(text: string): Matcher<TRule> {
  return (state) => {
    if (!state.input.startsWith(text, state.pos)) {
      return undefined;
    }
    state.pos += text.length;
    return NO_TOKENS;
  };
}

/** `a ~ b ~ …` in a non-atomic rule: whitespace may separate the items. */
export function sequence<TRule extends string>(...items: Matcher<TRule>[]): Matcher<TRule> {
  return (state) => {
    const start = state.pos;
    const tokens: Token<TRule>[] = [];
    for (let i = 0; i < items.length; i++) {
      if (i > 0) {
        skip(state);
      }
      const matched = (items[i] as Matcher<TRule>)(state);
      if (matched === undefined) {
        state.pos = start;
        return undefined;
      }
      tokens.push(...matched);
    }
    return tokens;
  };
}

/** `a | b | …`: the first alternative that matches. */
export function choice<TRule extends string>(...alternatives: Matcher<TRule>[]): Matcher<TRule> {
  return (state) => {
    for (const alternative of alternatives) {
      const matched = alternative(state);
      if (matched !== undefined) {
        return matched;
      }
    }
    return undefined;
  };
}

/** `a?` */
export function optional<TRule extends string>(item: Matcher<TRule>): Matcher<TRule> {
  return (state) => item(state) ?? NO_TOKENS;
}

/** `a*` in a non-atomic rule: whitespace may separate the repetitions. */
export function repeat<TRule extends string>(item: Matcher<TRule>): Matcher<TRule> {
  return (state) => {
    const tokens: Token<TRule>[] = [];
    let first = true;
    for (;;) {
      const before = state.pos;
      if (!first) {
        skip(state);
      }
      const matched = item(state);
      if (matched === undefined) {
        state.pos = before;
        return tokens;
      }
      first = false;
      tokens.push(...matched);
    }
  };
}

/** A named non-atomic rule: produces one token holding its children's tokens. */
export function rule<TRule extends string>(
  name: TRule,
  body: () => Matcher<TRule>,
): Matcher<TRule> {
  // Bodies are built lazily so that rules can refer to each other recursively.
  let matcher: Matcher<TRule> | undefined;
  return (state) => {
    matcher ??= body();
    return runRule(state, { name, atomic: false }, matcher);
  };
}

/** A named atomic rule (`@{…}`): `scan` returns the end of the match or -1. */
export function atomicRule<TRule extends string>(
  name: TRule,
  scan: (input: string, pos: number) => number,
): Matcher<TRule> {
  const matcher: Matcher<TRule> = (state) => {
    const end = scan(state.input, state.pos);
    if (end < 0) {
      return undefined;
    }
    state.pos = end;
    return NO_TOKENS;
  };
  return (state) => runRule(state, { name, atomic: true }, matcher);
}

/** The end of input (pest's built-in `EOI` rule, which is tracked like any other). */
export function endOfInput<TRule extends string>(name: TRule): Matcher<TRule> {
  return atomicRule(name, (input, pos) => (pos === input.length ? pos : -1));
}

function runRule<TRule extends string>(
  state: PegState<TRule>,
  spec: { readonly name: TRule; readonly atomic: boolean },
  matcher: Matcher<TRule>,
): Token<TRule>[] | undefined {
  const start = state.pos;
  const attemptsIndex = start === state.attemptPos ? state.attempts.length : 0;
  const attemptsBefore = attemptsAt(state, start);
  const children = matcher(state);
  if (children === undefined) {
    track(state, { name: spec.name, pos: start, attemptsIndex, attemptsBefore });
    state.pos = start;
    return undefined;
  }
  return [{ rule: spec.name, start, end: state.pos, children: spec.atomic ? NO_TOKENS : children }];
}

function attemptsAt<TRule extends string>(state: PegState<TRule>, pos: number): number {
  return state.attemptPos === pos ? state.attempts.length : 0;
}

/** pest's `ParserState::track` for a failed rule. */
function track<TRule extends string>(
  state: PegState<TRule>,
  failure: {
    readonly name: TRule;
    readonly pos: number;
    readonly attemptsIndex: number;
    readonly attemptsBefore: number;
  },
): void {
  const { name, pos } = failure;
  // A single attempt made by the children is more precise than the rule itself.
  const attemptsNow = attemptsAt(state, pos);
  if (attemptsNow > failure.attemptsBefore && attemptsNow - failure.attemptsBefore === 1) {
    return;
  }
  if (pos === state.attemptPos) {
    state.attempts.length = failure.attemptsIndex;
  }
  if (pos > state.attemptPos) {
    state.attempts.length = 0;
    state.attemptPos = pos;
  }
  if (pos === state.attemptPos) {
    state.attempts.push(name);
  }
}
