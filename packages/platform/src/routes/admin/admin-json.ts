import type {
  EnvironmentRow,
  InvitationRow,
  ProjectMemberRow,
  ProjectRow,
  RenderingRow,
  RoleRow,
  TeamRow,
  UserRow,
} from '../../database/models/platform-models';
import type { WorkflowRow, WorkflowRunRow } from '../../database/models/public-api-rows';
import { memberStanding } from '../../permissions/member-standing';

// What the admin API shows of each row: camelCase, ids as numbers, never a secret hash nor a
// password hash.

/** A user as the admin API shows it. */
export function userJson(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    permissionLevel: user.permissionLevel,
    tags: user.tags,
    // True while the user's password is a one-time one: the console then asks for a new one.
    mustChangePassword: user.mustChangePassword,
  };
}

/**
 * A user as a member of one project: the account, with the permission level and tags they have
 * in that project (docs/decisions.md#d26-permission-level-and-tags-per-project).
 */
export function memberJson(
  user: UserRow,
  member: Pick<ProjectMemberRow, 'permissionLevel' | 'tags'>,
) {
  return { ...userJson(user), ...memberStanding(user, member) };
}

/** A project. */
export function projectJson(project: ProjectRow) {
  return { id: project.id, name: project.name, createdAt: project.createdAt };
}

/** An environment, without its secret hash. */
export function environmentJson(environment: EnvironmentRow) {
  return {
    id: environment.id,
    projectId: environment.projectId,
    name: environment.name,
    agentUrl: environment.agentUrl,
    isProduction: environment.isProduction,
    ipWhitelist: {
      enabled: environment.ipWhitelistEnabled,
      rules: environment.ipWhitelistRules,
    },
    createdAt: environment.createdAt,
  };
}

/** A team. */
export function teamJson(team: TeamRow) {
  return { id: team.id, projectId: team.projectId, name: team.name };
}

/** A role (its rights are listed apart). */
export function roleJson(role: RoleRow) {
  return { id: role.id, projectId: role.projectId, name: role.name, builtIn: role.builtIn };
}

/** An invitation, without its token hash. */
export function invitationJson(invitation: InvitationRow) {
  return {
    id: invitation.id,
    email: invitation.email,
    roleId: invitation.roleId,
    teamId: invitation.teamId,
    invitedById: invitation.invitedById,
    expiresAt: invitation.expiresAt,
    acceptedAt: invitation.acceptedAt,
  };
}

/** A rendering: what a team sees in an environment. */
export function renderingJson(rendering: RenderingRow) {
  return {
    id: rendering.id,
    teamId: rendering.teamId,
    environmentId: rendering.environmentId,
    collections: rendering.collections,
    stats: rendering.stats,
  };
}

/** A workflow (its webhook URL is read apart: `…/webhook`). */
export function workflowJson(workflow: WorkflowRow) {
  return {
    id: workflow.id,
    environmentId: workflow.environmentId,
    name: workflow.name,
    collectionName: workflow.collectionName,
    steps: workflow.steps,
    webhookEnabled: workflow.webhookEnabled,
    createdAt: workflow.createdAt,
    updatedAt: workflow.updatedAt,
  };
}

/** A run of a workflow: its status and each step's result. */
export function workflowRunJson(run: WorkflowRunRow) {
  return {
    id: run.id,
    workflowId: run.workflowId,
    environmentId: run.environmentId,
    recordId: run.recordId,
    userId: run.userId,
    userEmail: run.userEmail,
    source: run.source,
    status: run.status,
    steps: run.steps,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
  };
}
