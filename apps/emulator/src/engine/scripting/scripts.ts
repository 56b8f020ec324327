/**
 * EVAL, EVALSHA, their _RO variants and FCALL as the command files call them: the script cache
 * (`luaCreateFunction`, src/eval.c), the numkeys rules, the read-only decision of
 * `scriptPrepareForRun` (src/script.c) and the run itself.
 */
import { createHash } from "node:crypto";
import { asciiLower } from "../bytes.ts";
import type { CommandContext, CommandResult } from "../commands/context.ts";
import { ERR, ReplyError } from "../errors.ts";
import { parseIntegerArg } from "../numbers.ts";
import { reply } from "../reply.ts";
import { type ReadOnlyMode, runScript } from "./run-script.ts";
import { NO_WRITES, parseScriptShebang } from "./shebang.ts";
import type { CachedScript, ScriptingState } from "./state.ts";
import { CHUNK_NAME } from "./vm.ts";

/** The SHA-1 of a script body, lower-case hex (sha1hex, src/eval.c). */
export function sha1hex(body: string): string {
  return createHash("sha1").update(Buffer.from(body, "latin1")).digest("hex");
}

/**
 * Splits what follows the script (or function name) into keys and arguments: `values` from `from`
 * on (numkeys there, the keys and arguments after it). `numkeys` is checked as EVAL does: not an
 * integer → `badNumkeys`, then too many, then negative (thrown as replies).
 */
export function splitKeys(
  values: readonly string[],
  badNumkeys: string,
  from = 0,
): { keys: string[]; args: string[] } {
  const numkeys = parseIntegerArg(values[from] ?? "");
  if (numkeys === undefined) {
    throw new ReplyError(badNumkeys);
  }
  // Indexes rather than a rest pattern: every EVAL/EVALSHA splits, and a copy through the
  // iterator protocol cost more than the split itself.
  const valueCount = Math.max(0, values.length - from - 1);
  if (numkeys > valueCount) {
    throw new ReplyError(ERR.NUMKEYS_TOO_MANY);
  }
  if (numkeys < 0) {
    throw new ReplyError(ERR.NUMKEYS_NEGATIVE);
  }
  const keysEnd = from + 1 + Number(numkeys);
  return { keys: values.slice(from + 1, keysEnd), args: values.slice(keysEnd) };
}

/** The key positions of EVAL-style commands: `numkeys` at argv[2], then the keys. */
export function scriptKeyPositions(argv: readonly string[]): number[] {
  const count = parseIntegerArg(argv[2] ?? "");
  // evalGetKeys (genericGetKeys): none when the count is not positive or exceeds the arguments.
  if (typeof count !== "number" || count < 1 || count > argv.length - 3) {
    return [];
  }
  const positions: number[] = [];
  for (let position = 3; position < 3 + count; position++) {
    positions.push(position);
  }
  return positions;
}

/** luaCreateFunction: the cached script with this body, compiling and caching it when new. */
export function cacheScript(
  state: ScriptingState,
  options: { body: string; isFromEval: boolean },
): { ok: true; script: CachedScript } | { ok: false; error: string } {
  const sha = sha1hex(options.body);
  const cached = state.scripts.get(sha);
  if (cached !== undefined) {
    return { ok: true, script: cached };
  }
  const shebang = parseScriptShebang(options.body);
  if (!shebang.ok) {
    return shebang;
  }
  // The shebang line is skipped but its newline kept, so line numbers match the script's.
  const compiled = state.evalVm.compile(
    options.body.slice(shebang.value.codeStart),
    CHUNK_NAME.eval,
  );
  if (!compiled.ok) {
    return { ok: false, error: ERR.SCRIPT_COMPILE(compiled.message) };
  }
  const script: CachedScript = {
    sha,
    body: options.body,
    flags: shebang.value.flags,
    ref: compiled.ref,
  };
  state.addScript(script, options.isFromEval);
  return { ok: true, script };
}

/** EVAL / EVALSHA / EVAL_RO / EVALSHA_RO after their arguments were checked. */
export function evalScript(
  ctx: CommandContext,
  request: {
    /** The body (EVAL) or the SHA-1 (EVALSHA). */
    readonly script: string;
    readonly isSha: boolean;
    readonly keys: readonly string[];
    readonly args: readonly string[];
    readonly isReadOnlyCommand: boolean;
  },
): CommandResult {
  const state = ctx.server.scripting;
  let script: CachedScript;
  if (request.isSha) {
    // Clients send the lower-case hex SCRIPT LOAD answered: only another spelling is lowered.
    const cached =
      state.scripts.get(request.script) ?? state.scripts.get(asciiLower(request.script));
    if (cached === undefined) {
      return reply.error(ERR.NOSCRIPT);
    }
    script = cached;
  } else {
    const created = cacheScript(state, { body: request.script, isFromEval: true });
    if (!created.ok) {
      return reply.error(created.error);
    }
    script = created.script;
  }
  const { flags } = script;
  const declaresNoWrites = !flags.isCompat && (flags.bits & NO_WRITES) !== 0;
  if (!flags.isCompat && !declaresNoWrites && request.isReadOnlyCommand) {
    return reply.error(ERR.RO_SCRIPT_WITH_WRITE_FLAG);
  }
  const readOnly: ReadOnlyMode = request.isReadOnlyCommand || declaresNoWrites ? "redis" : "off";
  const result = runScript(ctx, {
    state,
    vm: state.evalVm,
    ref: script.ref,
    name: script.sha,
    keys: request.keys,
    args: request.args,
    readOnly,
  });
  state.touch(script.sha);
  return result;
}

/** FCALL / FCALL_RO: the function, then numkeys (checked after the lookup, as Redis does). */
export function callFunction(
  ctx: CommandContext,
  request: {
    readonly name: string;
    readonly rest: readonly string[];
    readonly isReadOnlyCommand: boolean;
  },
): CommandResult {
  const state = ctx.server.scripting;
  const fn = state.functions.find(request.name);
  if (fn === undefined) {
    return reply.error(ERR.FUNCTION_NOT_FOUND);
  }
  const split = splitKeys(request.rest, ERR.FCALL_BAD_NUMKEYS);
  const declaresNoWrites = (fn.flags & NO_WRITES) !== 0;
  // Service behaviour (kv-rest-wire.md §13.2): FCALL_RO runs functions without the no-writes flag
  // (Redis refuses them with "Can not execute a script with write flag using *_ro command."); a
  // write inside any FCALL_RO fails with the service's READONLY error.
  let readOnly: ReadOnlyMode = "off";
  if (request.isReadOnlyCommand) {
    readOnly = "service";
  } else if (declaresNoWrites) {
    readOnly = "redis";
  }
  return runScript(ctx, {
    state,
    vm: state.functions.vm,
    ref: fn.ref,
    name: fn.name,
    keys: split.keys,
    args: split.args,
    readOnly,
  });
}
