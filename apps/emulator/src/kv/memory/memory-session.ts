/**
 * A RESP connection's session on the embedded engine: SELECT, WATCH, CLIENT state and
 * subscriptions live in the engine's `Session`; blocking commands wait on the engine.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import { formatMonitorLine } from "@stratus/core/rest";
import {
  asciiUpper,
  type Command,
  type CommandResult,
  type Engine,
  mayWrite,
  type Reply,
  type Session,
  TransactionQueue,
} from "../../engine/index.ts";
import type { Argv, KvSession, KvSessionOptions } from "../backend.ts";
import { toResp2 } from "./convert.ts";
import type { Durability } from "./persistent-engine.ts";

const asIs = (reply: Reply): Reply => reply;

/** Nothing captured yet: shared, never written to, so most commands allocate no array. */
const NONE_CAPTURED: Reply[] = [];

export class MemorySession implements KvSession {
  readonly #engine: Engine;
  readonly #session: Session;
  readonly #durability: Durability | undefined;
  readonly #transaction: TransactionQueue;
  readonly #onPush: KvSessionOptions["onPush"];
  #stopMonitor: (() => void) | undefined;
  /** Pushes the running command made itself (multi-channel SUBSCRIBE confirmations). */
  #captured: Reply[] | undefined;

  constructor(engine: Engine, options: KvSessionOptions & { durability: Durability | undefined }) {
    this.#engine = engine;
    this.#durability = options.durability;
    this.#session = engine.createSession({
      address: options.caller.address,
      localAddress: options.caller.localAddress ?? "",
      ...(options.onKill === undefined ? {} : { onKill: options.onKill }),
      push: (message) => {
        if (this.#captured === undefined) {
          options.onPush(toResp2(message));
        } else if (this.#captured === NONE_CAPTURED) {
          this.#captured = [message];
        } else {
          this.#captured.push(message);
        }
      },
    });
    this.#onPush = options.onPush;
    this.#transaction = new TransactionQueue({ host: engine, session: this.#session });
  }

  /**
   * Synchronous when it can be: a command that is not paused and neither blocks nor waits for an
   * fsync answers in the same turn, so a pipeline of them costs no promise per command.
   */
  execute(argv: Argv, command?: Command): Resp2Value | Promise<Resp2Value> {
    return this.#execute(argv, command, toResp2);
  }

  /** `execute` with the engine's own reply, which the RESP listener encodes as it is. */
  executeReply(argv: Argv, command?: Command): Reply | Promise<Reply> {
    return this.#execute(argv, command, asIs);
  }

  /** The reply converted before it waits for an fsync: no extra turn for either form. */
  #execute<T>(
    argv: Argv,
    command: Command | undefined,
    convert: (reply: Reply) => T,
  ): T | Promise<T> {
    // CLIENT PAUSE holds the command back, even one MULTI would only queue (src/server.c).
    const paused = this.#engine.pauses.admit(this.#session, this.#mayWrite(argv, command));
    if (paused !== undefined) {
      // CLIENT LIST shows the held command, as Redis does (it looked the command up first).
      this.#session.lastCommand = command?.fullName ?? this.#session.lastCommand;
      return paused.then(() => this.#run(argv, command, convert));
    }
    return this.#run(argv, command, convert);
  }

  #run<T>(argv: Argv, command: Command | undefined, convert: (reply: Reply) => T): T | Promise<T> {
    // MULTI/EXEC/DISCARD and queueing belong to the connection (src/multi.c).
    const handled = this.#transaction.handle(argv, command);
    if (handled !== undefined) {
      this.#engine.commandEnded(this.#session, command?.name);
      return this.#afterSettling(convert(handled));
    }
    // MONITOR is not in the command table: the session serves it.
    if (command === undefined && argv.length === 1 && asciiUpper(argv[0] ?? "") === "MONITOR") {
      return this.#afterSettling(convert(this.#monitor()));
    }
    this.#captured = NONE_CAPTURED;
    const executed = this.#engine.execute(argv, this.#session, command);
    const captured = this.#captured;
    this.#captured = undefined;
    this.#engine.commandEnded(this.#session, command?.name);
    const result = this.#firstOf(captured, executed);
    if (result.kind === "blocked") {
      return this.#engine
        .waitFor(result, argv, this.#session)
        .then((reply) => this.#afterSettling(convert(reply)));
    }
    return this.#afterSettling(convert(result));
  }

  /** `reply`, once earlier writes are durable (at once when nothing waits for an fsync). */
  #afterSettling<T>(reply: T): T | Promise<T> {
    const settling = this.#settle();
    return settling === undefined ? reply : settling.then(() => reply);
  }

  /** Whether CLIENT PAUSE WRITE holds the command back: a write, or an EXEC with one queued. */
  #mayWrite(argv: Argv, command: Command | undefined): boolean {
    if (command === undefined) {
      return false;
    }
    return command.name === "EXEC" && argv.length === 1
      ? this.#transaction.mayWrite
      : mayWrite(command);
  }

  /**
   * SUBSCRIBE a b answers one confirmation per channel: the session contract is that the first is
   * the reply and the rest are pushed (after it, see the RESP connection).
   */
  #firstOf(captured: readonly Reply[], result: CommandResult): CommandResult {
    const first = captured[0];
    if (first === undefined || result.kind === "blocked") {
      return result;
    }
    for (const message of [...captured.slice(1), result]) {
      this.#onPush(toResp2(message));
    }
    return first;
  }

  /**
   * Acknowledge writes only once the storage log holds them; under fsync `always`, release no
   * reply (a read's too) before the fsync of earlier writes, whoever made them.
   */
  #settle(): Promise<void> | undefined {
    return this.#durability?.beforeReply();
  }

  /** MONITOR: `+OK`, then every executed command as a status line in Redis's format. */
  #monitor(): Reply {
    this.#session.isMonitor = true;
    this.#stopMonitor ??= this.#engine.monitor((command) => {
      this.#onPush({
        kind: "simple",
        value: formatMonitorLine({
          timestampMicros: command.timeMs * 1000,
          db: command.db,
          address: command.address,
          argv: command.argv.map((arg) => Buffer.from(arg, "latin1")),
        }),
      });
    });
    return { kind: "simple", value: "OK" };
  }

  actAs(username: string): void {
    this.#session.user = username;
    this.#session.isAuthenticated = true;
  }

  setProtocol(protocol: 2 | 3): void {
    this.#session.protocol = protocol;
  }

  close(): void {
    this.#stopMonitor?.();
    this.#engine.closeSession(this.#session);
  }
}
