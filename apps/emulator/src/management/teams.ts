/**
 * Teams and their members (`spec/management-api.md` §3.2). The account owns every team; each team
 * has its own queue instance, made and dropped with it.
 */
import { randomUUID } from "node:crypto";
import type {
  AddTeamMemberBody,
  CreateTeamBody,
  DeleteTeamMemberBody,
  Team,
  TeamMember,
} from "@stratus/core/schemas";
import type { AuditLog } from "./audit-log.ts";
import type { ManagementContext } from "./context.ts";
import { badRequest, notFound } from "./errors.ts";
import { newQueue } from "./queues.ts";
import { teamMemberRecords, teamRecord } from "./records.ts";
import type { TeamState } from "./state.ts";

export interface TeamManagementOptions {
  readonly context: ManagementContext;
  readonly auditLog: AuditLog;
}

export class TeamManagement {
  readonly #context: ManagementContext;
  readonly #auditLog: AuditLog;

  constructor(options: TeamManagementOptions) {
    this.#context = options.context;
    this.#auditLog = options.auditLog;
  }

  list(): Team[] {
    return this.#context.state.teams.map(teamRecord);
  }

  async create(body: CreateTeamBody): Promise<Team> {
    const { state } = this.#context;
    const team: TeamState = {
      id: randomUUID(),
      name: body.team_name,
      copyCc: body.copy_cc,
      members: [],
    };
    state.teams.push(team);
    // The service gives every team its own queue user (issue 7).
    state.queues.push(newQueue(team.id, this.#context.nowS()));
    await this.#auditLog.record("Create Team", team.id);
    return teamRecord(team);
  }

  /** Declares a team from `--config`: created once (by name), missing members added. */
  async ensure(declared: {
    name: string;
    members: { email: string; role: "admin" | "dev" | "finance" }[];
  }): Promise<Team> {
    let team = this.#context.state.teams.find((entry) => entry.name === declared.name);
    if (team === undefined) {
      const created = await this.create({ team_name: declared.name, copy_cc: false });
      team = this.#context.team(created.team_id);
    }
    for (const member of declared.members) {
      if (
        member.email !== this.#context.email &&
        !team.members.some((m) => m.email === member.email)
      ) {
        team.members.push({ email: member.email, role: member.role });
      }
    }
    await this.#context.save();
    return teamRecord(team);
  }

  async delete(id: string): Promise<"OK"> {
    const { state } = this.#context;
    const team = this.#context.team(id);
    const owned = [...state.databases, ...state.vectorIndexes, ...state.searchIndexes].filter(
      (resource) => resource.ownerId === team.id,
    );
    if (owned.length > 0) {
      badRequest(
        `team ${team.name} still owns ${owned.length} resource(s): delete them or move them to another team first`,
      );
    }
    state.teams = state.teams.filter((entry) => entry !== team);
    state.queues = state.queues.filter((queue) => queue.ownerId !== team.id);
    await this.#auditLog.record("Delete Team", team.id);
    return "OK";
  }

  members(teamId: string): TeamMember[] {
    return teamMemberRecords(this.#context.team(teamId), this.#context.email);
  }

  async addMember(body: AddTeamMemberBody): Promise<TeamMember> {
    const team = this.#context.team(body.team_id);
    if (
      body.member_email === this.#context.email ||
      team.members.some((member) => member.email === body.member_email)
    ) {
      badRequest(`${body.member_email} is already a member of team ${team.name}`);
    }
    team.members.push({ email: body.member_email, role: body.member_role });
    await this.#auditLog.record("Add Team Member", team.id);
    return {
      team_id: team.id,
      team_name: team.name,
      member_email: body.member_email,
      member_role: body.member_role,
      copy_cc: team.copyCc,
    };
  }

  async removeMember(body: DeleteTeamMemberBody): Promise<"OK"> {
    const team = this.#context.team(body.team_id);
    if (body.member_email === this.#context.email) {
      badRequest("the team owner cannot be removed");
    }
    const before = team.members.length;
    team.members = team.members.filter((member) => member.email !== body.member_email);
    if (team.members.length === before) {
      notFound("member");
    }
    await this.#auditLog.record("Remove Team Member", team.id);
    return "OK";
  }
}
