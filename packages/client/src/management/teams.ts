/** Team operations and audit logs (management-api.md §3.2). */
import {
  type AddTeamMemberBody,
  AddTeamMemberBodySchema,
  type AuditLog,
  AuditLogSchema,
  type CreateTeamBody,
  CreateTeamBodySchema,
  type DeleteTeamMemberBody,
  DeleteTeamMemberBodySchema,
  type OkResponse,
  OkResponseSchema,
  type Team,
  type TeamMember,
  TeamMemberSchema,
  TeamSchema,
} from "@stratus/core/schemas";
import { type ManagementCaller, segment } from "./caller.ts";

/** The team operations. */
export interface Teams {
  list(): Promise<Team[]>;
  create(body: CreateTeamBody): Promise<Team>;
  delete(teamId: string): Promise<OkResponse>;
  /** `GET /teams/{id}`: the service has no "get one team"; this lists its members (§2). */
  members(teamId: string): Promise<TeamMember[]>;
  addMember(body: AddTeamMemberBody): Promise<TeamMember>;
  /** `DELETE /teams/member` with a JSON body (§1). */
  removeMember(body: DeleteTeamMemberBody): Promise<OkResponse>;
  /**
   * `GET /v2/auditlogs`. The service serves audit logs at the root, without `/v2`; the emulator
   * serves both, and its root is a key-value database, so `/v2` is the default here (§1).
   */
  auditLogs(): Promise<AuditLog[]>;
}

const TeamListSchema = TeamSchema.array();
const MemberListSchema = TeamMemberSchema.array();
const AuditLogListSchema = AuditLogSchema.array();

/** The operations over a caller. */
export function teams(caller: ManagementCaller): Teams {
  return {
    list: () => caller.call({ method: "GET", path: "/teams", response: TeamListSchema }),
    create: (body) =>
      caller.call({
        method: "POST",
        path: "/team",
        body,
        bodySchema: CreateTeamBodySchema,
        response: TeamSchema,
      }),
    delete: (teamId) =>
      caller.call({
        method: "DELETE",
        path: `/team/${segment(teamId)}`,
        response: OkResponseSchema,
      }),
    members: (teamId) =>
      caller.call({ method: "GET", path: `/teams/${segment(teamId)}`, response: MemberListSchema }),
    addMember: (body) =>
      caller.call({
        method: "POST",
        path: "/teams/member",
        body,
        bodySchema: AddTeamMemberBodySchema,
        response: TeamMemberSchema,
      }),
    removeMember: (body) =>
      caller.call({
        method: "DELETE",
        path: "/teams/member",
        body,
        bodySchema: DeleteTeamMemberBodySchema,
        response: OkResponseSchema,
      }),
    auditLogs: () =>
      caller.call({
        method: "GET",
        path: "/auditlogs",
        response: AuditLogListSchema,
        isRoot: caller.auditLogsAtRoot,
      }),
  };
}
