/**
 * A RESP connection's session on the embedded engine: SELECT, WATCH, CLIENT state and
 * subscriptions live in the engine's `Session`; blocking commands wait on the engine.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import type { Engine, Session } from "../../engine/index.ts";
import type { Argv, KvSession, KvSessionOptions } from "../backend.ts";
import { toEngineArgv, toResp2 } from "./convert.ts";
import type { Durability } from "./persistent-engine.ts";

export class MemorySession implements KvSession {
  readonly #engine: Engine;
  readonly #session: Session;
  readonly #durability: Durability | undefined;

  constructor(engine: Engine, options: KvSessionOptions & { durability: Durability | undefined }) {
    this.#engine = engine;
    this.#durability = options.durability;
    this.#session = engine.createSession({
      address: options.caller.address,
      push: (message) => options.onPush(toResp2(message)),
    });
  }

  async execute(argv: Argv): Promise<Resp2Value> {
    const engineArgv = toEngineArgv(argv);
    const result = this.#engine.execute(engineArgv, this.#session);
    const reply =
      result.kind === "blocked"
        ? await this.#engine.waitFor(result, engineArgv, this.#session)
        : result;
    if (this.#durability?.hasPendingWrites === true) {
      await this.#durability.flush();
    }
    return toResp2(reply);
  }

  close(): void {
    this.#engine.closeSession(this.#session);
  }
}
