/**
 * The scripting state of one engine: the EVAL script cache and its VM, the function libraries and
 * theirs, the `math.random` generator and the client scripts run commands as. The engine creates
 * it on first use (`ctx.server.scripting`); the Lua VMs are closed when the engine is
 * garbage-collected.
 */
import { Session } from "../session.ts";
import { FunctionRegistry } from "./functions.ts";
import type { ScriptRun } from "./host-functions.ts";
import { Rand48 } from "./rand48.ts";
import type { ScriptFlags } from "./shebang.ts";
import { LuaVm } from "./vm.ts";

/** A script in the EVAL cache. */
export interface CachedScript {
  readonly sha: string;
  readonly body: string;
  readonly flags: ScriptFlags;
  /** The compiled chunk in the EVAL VM's registry. */
  readonly ref: number;
}

/**
 * A script that passed `busy-reply-threshold` and yielded (Redis's `curr_run_ctx` while timed
 * out): until it ends, other clients get BUSY and may kill it.
 */
export interface BusyScript {
  /** EVAL scripts answer to SCRIPT KILL, functions to FUNCTION KILL. */
  readonly kind: "eval" | "function";
  /** The SHA-1 or the function name (FUNCTION STATS). */
  readonly name: string;
  /** The command that runs it (FUNCTION STATS). */
  readonly argv: readonly string[];
  /** `performance.now()` when it started. */
  readonly startedAtMs: number;
  readonly run: ScriptRun;
  /** Whether it ran a write command (SCRIPT_WRITE_DIRTY): it can no longer be killed. */
  readonly hasWritten: () => boolean;
}

/** Redis 7.4+ evicts the oldest scripts EVAL created beyond this many (src/eval.c LRU_LIST_LENGTH). */
export const EVAL_SCRIPTS_LIMIT = 500;

/** The VMs of an engine, for the finalizer: it must not reference the engine itself. */
interface VmHolder {
  readonly vms: Set<LuaVm>;
}

const finalizer = new FinalizationRegistry<VmHolder>((holder) => {
  for (const vm of holder.vms) {
    vm.close();
  }
});

export class ScriptingState {
  readonly random = new Rand48();
  /** sha1 (lower case) → script: every cached script. */
  readonly scripts = new Map<string, CachedScript>();
  /** The scripts EVAL created (not SCRIPT LOAD), least recently used first. */
  readonly evalScripts = new Set<string>();
  readonly functions: FunctionRegistry;
  /** The client scripts run commands as: Redis's Lua client, shown as "lua" by MONITOR. */
  readonly session: Session;
  /** The script running in slices, if any: the engine answers BUSY meanwhile. */
  busy: BusyScript | undefined;
  readonly #holder: VmHolder = { vms: new Set() };
  #evalVm: LuaVm | undefined;

  constructor(owner: object) {
    this.session = new Session({ id: 0, address: "lua", createdAtMs: 0, isStateless: true });
    this.session.inScript = true;
    this.functions = new FunctionRegistry({
      create: () => this.#open("function"),
      close: (vm) => this.#close(vm),
    });
    finalizer.register(owner, this.#holder);
  }

  /** Stops the busy script at its next slice, written or not: the engine is closing. */
  abortBusy(): void {
    if (this.busy !== undefined) {
      this.busy.run.isKillRequested = true;
    }
  }

  /** The EVAL interpreter, created on first use. */
  get evalVm(): LuaVm {
    this.#evalVm ??= this.#open("eval");
    return this.#evalVm;
  }

  /** SCRIPT FLUSH: forgets every script and starts a fresh interpreter next time. */
  flushScripts(): void {
    this.scripts.clear();
    this.evalScripts.clear();
    if (this.#evalVm !== undefined) {
      this.#close(this.#evalVm);
      this.#evalVm = undefined;
    }
  }

  /** Marks an EVAL-created script as just used (the LRU order). */
  touch(sha: string): void {
    if (this.evalScripts.delete(sha)) {
      this.evalScripts.add(sha);
    }
  }

  /** Adds a compiled script; EVAL-created ones may evict the least recently used. */
  addScript(script: CachedScript, isFromEval: boolean): void {
    if (isFromEval) {
      for (const oldest of this.evalScripts) {
        if (this.evalScripts.size < EVAL_SCRIPTS_LIMIT) {
          break;
        }
        this.evalScripts.delete(oldest);
        const evicted = this.scripts.get(oldest);
        this.scripts.delete(oldest);
        if (evicted !== undefined) {
          this.evalVm.release(evicted.ref);
        }
      }
      this.evalScripts.add(script.sha);
    }
    this.scripts.set(script.sha, script);
  }

  #open(kind: "eval" | "function"): LuaVm {
    const vm = new LuaVm(kind);
    this.#holder.vms.add(vm);
    return vm;
  }

  #close(vm: LuaVm): void {
    this.#holder.vms.delete(vm);
    vm.close();
  }
}
