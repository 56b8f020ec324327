/**
 * What every management resource shares: the one state object (saved whole on each mutation), the
 * clock, the account, where the emulator is reachable, and the lookups more than one resource
 * needs: teams (every resource moves or transfers to one) and databases (their backups too).
 */

import { badRequest, notFound } from "./errors.ts";
import type { ManagementStore } from "./persistence.ts";
import type { Location } from "./records.ts";
import type { DatabaseState, ManagementState, OwnerId, TeamState } from "./state.ts";

export interface ManagementContextOptions {
  readonly state: ManagementState;
  readonly store: ManagementStore;
  readonly clock: { now(): number };
  /** The HTTP base URL, known once the server listens. */
  readonly baseUrl: () => string;
}

export class ManagementContext {
  /** Mutated in place by every resource; arrays may be replaced, so read them through it. */
  readonly state: ManagementState;
  readonly clock: { now(): number };
  readonly #store: ManagementStore;
  readonly #baseUrl: () => string;

  constructor(options: ManagementContextOptions) {
    this.state = options.state;
    this.clock = options.clock;
    this.#store = options.store;
    this.#baseUrl = options.baseUrl;
  }

  /** The account's email: owner of personal resources and of every team. */
  get email(): string {
    return this.state.account.email;
  }

  nowS(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  location(): Location {
    return { baseUrl: this.#baseUrl(), email: this.email };
  }

  save(): Promise<void> {
    return this.#store.save(this.state);
  }

  close(): Promise<void> {
    return this.#store.close(this.state);
  }

  team(id: string): TeamState {
    return this.state.teams.find((team) => team.id === id) ?? notFound("team");
  }

  database(id: string): DatabaseState {
    return this.state.databases.find((entry) => entry.id === id) ?? notFound("database");
  }

  /** A team id to move or transfer to; the personal account is refused (§3.3 transfer rule). */
  transferTarget(target: string): OwnerId {
    if (target === this.email) {
      badRequest(
        "Transferring to a personal account is not supported; transfer to a team (target must be a team id)",
      );
    }
    return this.team(target).id;
  }
}
