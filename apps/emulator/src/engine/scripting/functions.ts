/**
 * The function libraries of an engine (src/functions.c): libraries by name, functions by name
 * (case-insensitive, as Redis's dict compares them), loading through the functions VM, and the
 * FUNCTION DUMP/RESTORE payload (RDB_OPCODE_FUNCTION2 + the library code per library, then the RDB
 * version and a CRC64, as `rdbSaveFunctions` writes it).
 */
import { asciiLower } from "../bytes.ts";
import {
  DumpFormatError,
  DumpReader,
  DumpWriter,
  framePayload,
  verifyPayload,
} from "../dump-format.ts";
import { ERR } from "../errors.ts";
import { isValidLibraryName, parseLibraryMetadata } from "./shebang.ts";
import type { LuaVm, Registration } from "./vm.ts";

export interface FunctionEntry extends Registration {
  readonly library: Library;
}

export interface Library {
  readonly name: string;
  /** The whole payload FUNCTION LOAD received, shebang included (FUNCTION LIST WITHCODE). */
  readonly code: string;
  /** Its functions in registration order. */
  readonly functions: readonly FunctionEntry[];
}

/** Libraries and the functions they link (Redis's functionsLibCtx). */
interface LibrarySet {
  readonly libraries: Map<string, Library>;
  /** Lower-case name → function. */
  readonly functions: Map<string, FunctionEntry>;
}

export type RestorePolicy = "FLUSH" | "APPEND" | "REPLACE";

/** FUNCTION LOAD's time limit for running a library's top level (LOAD_TIMEOUT_MS). */
export const LOAD_TIMEOUT_MS = 500;

/** RDB opcodes of function payloads (src/rdb.h). */
const RDB_OPCODE_FUNCTION_PRE_GA = 246;
const RDB_OPCODE_FUNCTION2 = 245;

/** How the registry obtains and releases its VM (owned by the engine's scripting state). */
export interface VmFactory {
  create(): LuaVm;
  close(vm: LuaVm): void;
}

type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

export class FunctionRegistry {
  #set: LibrarySet = emptySet();
  #vm: LuaVm | undefined;
  readonly #factory: VmFactory;

  constructor(factory: VmFactory) {
    this.#factory = factory;
  }

  /** The functions VM, created on first use. */
  get vm(): LuaVm {
    this.#vm ??= this.#factory.create();
    return this.#vm;
  }

  get libraries(): ReadonlyMap<string, Library> {
    return this.#set.libraries;
  }

  get functionCount(): number {
    return this.#set.functions.size;
  }

  /** A function by name, ignoring ASCII case (FCALL). */
  find(name: string): FunctionEntry | undefined {
    return this.#set.functions.get(asciiLower(name));
  }

  /**
   * FUNCTION LOAD: compiles `payload` and links its library; the library name, or the error text.
   * `runLoad` runs the library's top level (under the load time limit).
   */
  load(
    payload: string,
    options: { replace: boolean; runLoad: (load: () => LoadOutcome) => LoadOutcome },
  ): Result<string> {
    return this.#create(this.#set, { payload, ...options });
  }

  /** FUNCTION DELETE. */
  delete(name: string): boolean {
    const library = this.#set.libraries.get(name);
    if (library === undefined) {
      return false;
    }
    unlink(this.#set, library);
    this.#release(library);
    return true;
  }

  /** FUNCTION FLUSH: every library goes, and the VM is reset (Redis re-creates its engines). */
  flush(): void {
    this.#set = emptySet();
    if (this.#vm !== undefined) {
      this.#factory.close(this.#vm);
      this.#vm = undefined;
    }
  }

  /** FUNCTION DUMP's payload. */
  dump(): string {
    let body = "";
    for (const library of this.#set.libraries.values()) {
      const writer = new DumpWriter();
      writer.string(library.code);
      body += String.fromCharCode(RDB_OPCODE_FUNCTION2) + writer.toString();
    }
    return framePayload(body);
  }

  /** FUNCTION RESTORE: the libraries of a payload, joined to the current ones by `policy`. */
  restore(
    payload: string,
    options: { policy: RestorePolicy; runLoad: (load: () => LoadOutcome) => LoadOutcome },
  ): Result<undefined> {
    if (!verifyPayload(payload)) {
      return { ok: false, error: ERR.DUMP_PAYLOAD };
    }
    const loaded = emptySet();
    const reader = new DumpReader(payload.slice(0, -10));
    while (!reader.isAtEnd) {
      const type = reader.byte();
      if (type === RDB_OPCODE_FUNCTION_PRE_GA) {
        return this.#discard(loaded, ERR.FUNCTION_RESTORE_PRE_GA);
      }
      if (type !== RDB_OPCODE_FUNCTION2) {
        return this.#discard(loaded, ERR.FUNCTION_RESTORE_NOT_FUNCTION);
      }
      let code: string;
      try {
        code = reader.string();
      } catch (error: unknown) {
        if (error instanceof DumpFormatError) {
          return this.#discard(loaded, ERR.FUNCTION_RESTORE_PAYLOAD);
        }
        throw error;
      }
      const created = this.#create(loaded, {
        payload: code,
        replace: false,
        runLoad: options.runLoad,
      });
      if (!created.ok) {
        return this.#discard(loaded, created.error);
      }
    }
    if (options.policy === "FLUSH") {
      for (const library of this.#set.libraries.values()) {
        this.#release(library);
      }
      this.#set = loaded;
      return { ok: true, value: undefined };
    }
    const joined = this.#join(loaded, options.policy === "REPLACE");
    return joined.ok ? joined : this.#discard(loaded, joined.error);
  }

  /** functionsCreateWithLibraryCtx. */
  #create(
    target: LibrarySet,
    options: {
      payload: string;
      replace: boolean;
      runLoad: (load: () => LoadOutcome) => LoadOutcome;
    },
  ): Result<string> {
    const metadata = parseLibraryMetadata(options.payload);
    if (!metadata.ok) {
      return metadata;
    }
    const { name, engine, code } = metadata.value;
    if (!isValidLibraryName(name)) {
      return { ok: false, error: ERR.LIBRARY_NAME_INVALID };
    }
    if (asciiLower(engine) !== "lua") {
      return { ok: false, error: ERR.FUNCTION_ENGINE_NOT_FOUND(engine) };
    }
    const old = target.libraries.get(name);
    if (old !== undefined && !options.replace) {
      return { ok: false, error: ERR.LIBRARY_EXISTS(name) };
    }
    if (old !== undefined) {
      unlink(target, old);
    }
    const vm = this.vm;
    const outcome = options.runLoad(() => vm.loadLibrary(code, LOAD_TIMEOUT_MS));
    const failure = loadFailure(outcome, target);
    if (failure !== undefined) {
      if (outcome.ok) {
        for (const registration of outcome.functions) {
          vm.release(registration.ref);
        }
      }
      if (old !== undefined) {
        link(target, old);
      }
      return { ok: false, error: failure };
    }
    const functions: FunctionEntry[] = [];
    const library: Library = { name, code: options.payload, functions };
    if (outcome.ok) {
      for (const registration of outcome.functions) {
        functions.push({ ...registration, library });
      }
    }
    link(target, library);
    if (old !== undefined) {
      this.#release(old);
    }
    return { ok: true, value: name };
  }

  /** libraryJoin: moves `source`'s libraries into the current set, all or nothing. */
  #join(source: LibrarySet, replace: boolean): Result<undefined> {
    const replaced: Library[] = [];
    for (const library of source.libraries.values()) {
      const old = this.#set.libraries.get(library.name);
      if (old === undefined) {
        continue;
      }
      if (!replace) {
        this.#relink(replaced);
        return { ok: false, error: ERR.LIBRARY_EXISTS_ON_RESTORE(library.name) };
      }
      unlink(this.#set, old);
      replaced.push(old);
    }
    for (const fn of source.functions.values()) {
      if (this.#set.functions.has(asciiLower(fn.name))) {
        this.#relink(replaced);
        return { ok: false, error: ERR.FUNCTION_EXISTS(fn.name) };
      }
    }
    for (const library of source.libraries.values()) {
      link(this.#set, library);
    }
    for (const old of replaced) {
      this.#release(old);
    }
    return { ok: true, value: undefined };
  }

  #relink(libraries: readonly Library[]): void {
    for (const library of libraries) {
      link(this.#set, library);
    }
  }

  #discard(set: LibrarySet, error: string): Result<never> {
    for (const library of set.libraries.values()) {
      this.#release(library);
    }
    return { ok: false, error };
  }

  #release(library: Library): void {
    const vm = this.#vm;
    if (vm !== undefined) {
      for (const fn of library.functions) {
        vm.release(fn.ref);
      }
    }
  }
}

/** What running a library's top level produced (LuaVm.loadLibrary). */
export type LoadOutcome =
  | { readonly ok: true; readonly functions: Registration[] }
  | { readonly ok: false; readonly error: string };

function loadFailure(outcome: LoadOutcome, target: LibrarySet): string | undefined {
  if (!outcome.ok) {
    return outcome.error;
  }
  if (outcome.functions.length === 0) {
    return ERR.NO_FUNCTIONS_REGISTERED;
  }
  for (const registration of outcome.functions) {
    if (target.functions.has(asciiLower(registration.name))) {
      return ERR.FUNCTION_EXISTS(registration.name);
    }
  }
  return undefined;
}

function emptySet(): LibrarySet {
  return { libraries: new Map(), functions: new Map() };
}

function link(set: LibrarySet, library: Library): void {
  for (const fn of library.functions) {
    const key = asciiLower(fn.name);
    // Redis's dictAdd keeps the first of two names that differ only in case.
    if (!set.functions.has(key)) {
      set.functions.set(key, fn);
    }
  }
  set.libraries.set(library.name, library);
}

function unlink(set: LibrarySet, library: Library): void {
  for (const fn of library.functions) {
    set.functions.delete(asciiLower(fn.name));
  }
  set.libraries.delete(library.name);
}
