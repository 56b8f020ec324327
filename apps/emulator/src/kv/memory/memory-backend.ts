/**
 * `KvBackend` over the embedded engine. Engine calls are synchronous and never interleave, so
 * transactions are atomic by construction; blocking commands wait on the engine's clock.
 */

import type { Resp2Value } from "@stratus/core/resp2";
import { MONITOR_REST_ADDRESS } from "@stratus/core/rest";
import {
  binaryToBytes,
  type Command,
  type Engine,
  mayWrite,
  type Reply,
  type Session,
} from "../../engine/index.ts";
import { estimateMemoryUsage, usageOptions } from "../../engine/memory-size.ts";
import type { StoreState } from "../../storage/index.ts";
import { AsyncQueue } from "../async-queue.ts";
import type {
  Argv,
  KvAclUsers,
  KvBackend,
  KvCaller,
  KvSession,
  KvSessionOptions,
  MonitorLine,
  MonitorOptions,
  PubSubEvent,
  SubscribeOptions,
  TransactionResult,
} from "../backend.ts";
import { lookupCommand } from "../command-info.ts";
import { engineOutputLimits, type OutputLimitSource } from "../output-limit.ts";
import { monitorLineBytes, pubSubEventBytes } from "../stream-sizes.ts";
import { toResp2 } from "./convert.ts";
import { MemorySession } from "./memory-session.ts";
import { type Durability, engineStoreState } from "./persistent-engine.ts";

/** Elements sampled per container for the storage figure (`MEMORY USAGE`'s default). */
const MEMORY_SAMPLES = 5;

export class MemoryBackend implements KvBackend {
  readonly engine: Engine;
  readonly outputLimits: OutputLimitSource;
  readonly aclUsers: KvAclUsers;
  /** REST requests are stateless: they share one session on database 0 that never blocks. */
  readonly #restSession: Session;

  readonly #durability: Durability | undefined;

  /**
   * With `durability`, writes are acknowledged only once the storage log holds them, and under
   * fsync `always` no reply leaves before the fsync of earlier writes (`Durability.beforeReply`).
   */
  constructor(engine: Engine, durability?: Durability) {
    this.engine = engine;
    this.outputLimits = engineOutputLimits(engine);
    this.aclUsers = engine.acl;
    this.#durability = durability;
    this.#restSession = engine.createSession({ address: MONITOR_REST_ADDRESS, isStateless: true });
  }

  execute(argv: Argv, caller: KvCaller, command?: Command): Resp2Value | Promise<Resp2Value> {
    if (this.engine.pauses.isPausing) {
      const paused = this.#pausedFor([command ?? lookupCommand(argv)]);
      if (paused !== undefined) {
        return paused.then(() => this.execute(argv, caller, command));
      }
    }
    const result = this.#runRest(argv, command);
    if (result instanceof Promise) {
      return result.then(async (settled) => {
        await this.#settle();
        return toResp2(settled);
      });
    }
    const reply = toResp2(result);
    // The reply itself when nothing is pending (always, without a data directory): REST calls this
    // per request, and each promise on the way costs it microtask turns.
    const pending = this.#durability?.beforeReply();
    return pending === undefined ? reply : pending.then(() => reply);
  }

  async pipeline(
    commands: readonly Argv[],
    _caller: KvCaller,
    lookedUp?: readonly (Command | undefined)[],
  ): Promise<readonly Resp2Value[]> {
    const replies: Resp2Value[] = [];
    for (const [index, argv] of commands.entries()) {
      const command = lookedUp?.[index];
      if (this.engine.pauses.isPausing) {
        // Held where CLIENT PAUSE holds it, as Redis holds a pipelined command in its turn.
        await this.#whilePaused([command ?? lookupCommand(argv)]);
      }
      const result = this.#runRest(argv, command);
      // A busy script's reply is awaited before the next command, which would get BUSY.
      replies.push(toResp2(result instanceof Promise ? await result : result));
    }
    await this.#settle();
    return replies;
  }

  async transaction(commands: readonly Argv[]): Promise<TransactionResult> {
    if (this.engine.pauses.isPausing) {
      await this.#whilePaused(commands.map(lookupCommand));
    }
    this.#restSession.dbIndex = 0;
    const result = this.engine.transaction(commands, this.#restSession);
    await this.#settle();
    return result.status === "discarded"
      ? result
      : { status: "executed", replies: result.replies.map(toResp2) };
  }

  /** Waits while CLIENT PAUSE covers `commands`. */
  async #whilePaused(commands: readonly (Command | undefined)[]): Promise<void> {
    for (let paused = this.#pausedFor(commands); paused !== undefined; ) {
      await paused;
      paused = this.#pausedFor(commands);
    }
  }

  /**
   * CLIENT PAUSE (given over RESP) holds REST requests too, as Redis holds every client: a promise
   * that settles when the pause no longer covers `commands` (any of them writes, under WRITE).
   */
  #pausedFor(commands: readonly (Command | undefined)[]): Promise<void> | undefined {
    if (!this.engine.pauses.isPausing) {
      return undefined;
    }
    return this.engine.pauses.admit(
      this.#restSession,
      commands.some((command) => command !== undefined && mayWrite(command)),
    );
  }

  /**
   * Waits until this request's writes (and under `always` everyone's earlier writes) are durable;
   * a no-op without a data directory.
   */
  #settle(): Promise<void> | undefined {
    return this.#durability?.beforeReply();
  }

  subscribe(options: SubscribeOptions): AsyncIterable<PubSubEvent> {
    const name = Buffer.from(options.name).toString("latin1");
    const isPattern = options.kind === "pattern";
    const queue = new AsyncQueue<PubSubEvent>(
      options.signal,
      () => this.engine.closeSession(session),
      {
        source: this.outputLimits,
        clientClass: "pubsub",
        sizeOf: pubSubEventBytes,
        onExceeded: options.onOutputLimit ?? noop,
      },
    );
    const session = this.engine.createSession({
      address: MONITOR_REST_ADDRESS,
      isStateless: true,
      push: (message) => {
        const event = toPubSubEvent(message);
        if (event !== undefined) {
          queue.push(event);
        }
      },
    });
    if (isPattern) {
      this.engine.pubsub.psubscribe(session, name);
    } else {
      this.engine.pubsub.subscribe(session, name);
    }
    queue.push({
      kind: isPattern ? "psubscribe" : "subscribe",
      name: options.name,
      count: session.subscriptionCount,
    });
    return queue;
  }

  monitor(options: MonitorOptions): AsyncIterable<MonitorLine> {
    const queue: AsyncQueue<MonitorLine> = new AsyncQueue(options.signal, () => detach(), {
      source: this.outputLimits,
      // An SSE stream has no class in Redis: it is pushed to like a subscriber, so it takes the
      // pubsub limits (RESP MONITOR keeps Redis's `normal` class).
      clientClass: "pubsub",
      sizeOf: monitorLineBytes,
      onExceeded: options.onOutputLimit ?? noop,
    });
    const detach = this.engine.monitor((command) => {
      queue.push({
        timestampMicros: command.timeMs * 1000,
        db: command.db,
        address: command.address,
        argv: command.argv.map(binaryToBytes),
      });
    });
    return queue;
  }

  openSession(options: KvSessionOptions): KvSession {
    return new MemorySession(this.engine, { ...options, durability: this.#durability });
  }

  keyCount(): number {
    return this.engine.databases.reduce((sum, logical) => sum + logical.size, 0);
  }

  /**
   * The engine's memory use for this database's data: `MEMORY USAGE` of every key (containers
   * estimated from samples, as Redis does), summed over the logical databases. O(keys).
   */
  storeState(): StoreState {
    return engineStoreState(this.engine);
  }

  memoryBytes(): number {
    let total = 0;
    const options = usageOptions(this.engine.config, MEMORY_SAMPLES);
    for (const logical of this.engine.databases) {
      for (const key of logical.keys()) {
        const value = logical.get(key);
        if (value !== undefined) {
          total += estimateMemoryUsage(key, value, options);
        }
      }
    }
    return total;
  }

  async close(): Promise<void> {
    this.engine.closeSession(this.#restSession);
  }

  /** A REST command's reply; a promise for a script that passed busy-reply-threshold. */
  #runRest(argv: Argv, command: Command | undefined): Reply | Promise<Reply> {
    // A REST command that ran SELECT must not leak its database into the next request.
    this.#restSession.dbIndex = 0;
    const result = this.engine.execute(argv, this.#restSession, command);
    if (result.kind !== "blocked") {
      return result;
    }
    return result.pending ?? result.timeoutReply;
  }
}

function noop(): void {
  // Nobody to tell: the stream has ended.
}

/** Engine pushes are RESP arrays: `[message, channel, payload]` or `[pmessage, pattern, channel, payload]`. */
function toPubSubEvent(message: Reply): PubSubEvent | undefined {
  if (message.kind !== "array") {
    return undefined;
  }
  const parts = message.items.map((item) =>
    item.kind === "bulk" ? binaryToBytes(item.value) : undefined,
  );
  const [kind, first, second, third] = parts;
  const name = kind === undefined ? "" : Buffer.from(kind).toString("latin1");
  if (name === "message" && first !== undefined && second !== undefined) {
    return { kind: "message", channel: first, message: second };
  }
  if (name === "pmessage" && first !== undefined && second !== undefined && third !== undefined) {
    return { kind: "pmessage", pattern: first, channel: second, message: third };
  }
  return undefined;
}
