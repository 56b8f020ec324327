/**
 * The account's audit log (`spec/management-api.md` §3.2, `GET /auditlogs`): one entry per
 * audited mutation, the newest {@link AUDIT_LOG_ENTRIES} kept, saved with the rest of the state.
 */
import { randomUUID } from "node:crypto";
import type { ManagementContext } from "./context.ts";

/** Audit log entries kept (oldest dropped first). */
const AUDIT_LOG_ENTRIES = 500;

export class AuditLog {
  readonly #context: ManagementContext;

  constructor(options: { readonly context: ManagementContext }) {
    this.#context = options.context;
  }

  list(): Record<string, unknown>[] {
    const { email } = this.#context;
    return this.#context.state.auditLogs.map((entry) => ({
      log_id: entry.id,
      customer_id: email,
      actor: email,
      timestamp: entry.timestampS,
      action_string: entry.action,
      source: "api",
      entity: entry.entity,
    }));
  }

  /** Appends an entry and saves the state (the mutation it records with it). */
  async record(action: string, entity: string): Promise<void> {
    const { auditLogs } = this.#context.state;
    auditLogs.push({ id: randomUUID(), timestampS: this.#context.nowS(), action, entity });
    if (auditLogs.length > AUDIT_LOG_ENTRIES) {
      auditLogs.splice(0, auditLogs.length - AUDIT_LOG_ENTRIES);
    }
    await this.#context.save();
  }
}
