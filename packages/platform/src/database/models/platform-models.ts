import type { Model, ModelStatic, Optional } from 'sequelize';

import type {
  DevelopmentEnvironmentRow,
  HostedAgentLogRow,
  HostedBundleRow,
  HostedDatasourceRow,
} from './hosted-agent-rows';
import type { PlatformModel, RowBase } from './platform-model';
import type {
  ApiTokenRow,
  NoteMessageRow,
  NoteRow,
  WorkflowRow,
  WorkflowRunRow,
} from './public-api-rows';

/**
 * The permission levels of the protocol (docs/platform-protocol.md#users), lower-case as the agent
 * compares them.
 */
export type PermissionLevel = 'admin' | 'developer' | 'editor' | 'user';

/** A person who logs in. The email is unique whatever its case (enforced by an index). */
export interface UserRow extends RowBase {
  email: string;
  firstName: string;
  lastName: string;
  /** `scrypt$N$r$p$salt$hash` (see `hashPassword`); null until the user sets a password. */
  passwordHash: string | null;
  /** True while the user's password is a one-time one (generated at first start). */
  mustChangePassword: boolean;
  /**
   * The account's own level: `admin` may create projects (the one platform-wide right), and it is
   * the level of a membership that has none of its own. Set by the operator (bootstrap, their own
   * code), never by a project's Admin (docs/decisions.md#d26-permission-level-and-tags-per-project).
   */
  permissionLevel: PermissionLevel;
  /** The account's own tags, used by a membership that has none of its own (like the level). */
  tags: Record<string, string>;
}

/** A project: the unit environments, teams and roles belong to. Names are unique. */
export interface ProjectRow extends RowBase {
  name: string;
}

/** An environment of a project; its agent authenticates with the env secret. */
export interface EnvironmentRow extends RowBase {
  projectId: number;
  name: string;
  agentUrl: string | null;
  isProduction: boolean;
  /** SHA-256 hex of the env secret (see `hashEnvSecret`); the secret is never stored. */
  secretHash: string;
  /** The env secret encrypted with the platform's secret key (see `EnvSecretBox`), to sign approvals. */
  secretCiphertext: string | null;
  ipWhitelistEnabled: boolean;
  /** The protocol's IP rules: `{ type: 0, ip }`, `{ type: 1, ipMinimum, ipMaximum }`, `{ type: 2, range }`. */
  ipWhitelistRules: unknown[];
  /** True when the platform runs the environment's agent itself (hosted data sources and bundles). */
  hosted: boolean;
  /** The hosted agent's session-signing secret, encrypted with the platform's secret key. */
  hostedAuthSecretCiphertext: string | null;
}

/** A team of a project; users see the data through their team's rendering. */
export interface TeamRow extends RowBase {
  projectId: number;
  name: string;
}

/** A role of a project: built-in (Admin, Developer, Editor, User) or custom. */
export interface RoleRow extends RowBase {
  projectId: number;
  name: string;
  builtIn: boolean;
}

/**
 * A user's membership of a project, with their role, permission level and tags there
 * (docs/decisions.md#d26-permission-level-and-tags-per-project). A null level or tags means the
 * account's own (`UserRow`), which only the operator sets.
 */
export interface ProjectMemberRow extends RowBase {
  projectId: number;
  userId: number;
  roleId: number;
  permissionLevel: PermissionLevel | null;
  tags: Record<string, string> | null;
}

/** A user's membership of a team. */
export interface TeamMemberRow extends RowBase {
  teamId: number;
  userId: number;
}

/** What a role may do on one collection (permissions v4 collection rights). */
export interface RoleCollectionRightRow extends RowBase {
  roleId: number;
  collectionName: string;
  browse: boolean;
  read: boolean;
  edit: boolean;
  add: boolean;
  delete: boolean;
  export: boolean;
}

/** What a role may do with one action, conditions being condition trees (or null: none). */
export interface RoleActionRightRow extends RowBase {
  roleId: number;
  collectionName: string;
  /** The action's display name, the key of the permissions payload. */
  actionName: string;
  trigger: boolean;
  triggerConditions: unknown;
  approvalRequired: boolean;
  approvalRequiredConditions: unknown;
  approve: boolean;
  approveConditions: unknown;
  selfApprove: boolean;
}

/** What a team sees in an environment: scopes, segments and saved charts per collection. */
export interface RenderingRow extends RowBase {
  teamId: number;
  environmentId: number;
  /**
   * `{ [collection]: { scope, segments, liveQuerySegments } }` as served by
   * docs/platform-protocol.md#renderings.
   */
  collections: Record<string, unknown>;
  /** The saved charts users of the rendering may run. */
  stats: unknown[];
}

/** The last schema an environment's agent uploaded, with its hash. */
export interface EnvironmentSchemaRow extends RowBase {
  environmentId: number;
  schema: unknown;
  hash: string;
}

/** A user's action seen by an agent (reads, edits, action runs). */
export interface ActivityLogRow extends RowBase {
  environmentId: number;
  userId: number | null;
  userEmail: string | null;
  action: string;
  collectionName: string | null;
  recordIds: unknown;
  label: string | null;
  status: string;
  /** `read` or `write`. */
  type: 'read' | 'write';
  /** Where the operation came from: `ui` (an agent's HTTP API), `api`, `webhook`, `mcp`. */
  source: string;
  /** The team the user acted in (the rendering's team), copied in. */
  teamName: string | null;
  renderingId: number | null;
  /** The API token that caused the operation (public API, webhook). */
  apiTokenId: number | null;
  workflowRunId: string | null;
  workflowName: string | null;
  workflowStepName: string | null;
}

/** One administrative change; written once, kept when its project or initiator is deleted. */
export interface AdminLogRow {
  id: number;
  projectId: number | null;
  resourceType: string;
  resourceId: string | null;
  action: string;
  previousValues: unknown;
  newValues: unknown;
  initiatorId: number | null;
  initiatorEmail: string | null;
  createdAt: Date;
}

/** A deployment-wide value generated once (signing keys, cookie keys), keyed by name. */
export interface PlatformSettingRow {
  key: string;
  value: unknown;
  createdAt: Date;
  updatedAt: Date;
}

/** One object the OpenID provider stores (session, code, grant, client, device code...). */
export interface OidcPayloadRow {
  model: string;
  id: string;
  payload: Record<string, unknown>;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  /** The user the object belongs to (its payload's `accountId`), null for clients. */
  accountId: string | null;
  expiresAt: Date | null;
  consumedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A console login; the cookie holds the token, the row its SHA-256. */
export interface UserSessionRow extends RowBase {
  userId: number;
  tokenHash: string;
  /** The CSRF token the console echoes in a header on every change. */
  csrfToken: string;
  expiresAt: Date;
}

/** An invitation to join a project; the link holds the token, the row its SHA-256. */
export interface InvitationRow extends RowBase {
  projectId: number;
  email: string;
  roleId: number;
  teamId: number | null;
  tokenHash: string;
  invitedById: number | null;
  expiresAt: Date;
  acceptedAt: Date | null;
}

/** Status of an approval request. */
export type ApprovalStatus = 'pending' | 'approved' | 'rejected';

/** An action run that waits for an approver (docs/platform-protocol.md#approvals). */
export interface ApprovalRequestRow extends RowBase {
  environmentId: number;
  renderingId: number | null;
  requesterId: number | null;
  requesterEmail: string | null;
  collectionName: string;
  actionName: string;
  recordIds: string[];
  inputs: unknown[];
  /** The action request body replayed (signed with the env secret) once approved. */
  request: unknown;
  status: ApprovalStatus;
  reviewerId: number | null;
  comments: { userId: number | null; comment: string; createdAt: string }[];
}

/** The typed models of every platform table. */
export interface PlatformModels {
  readonly User: PlatformModel<UserRow, 'passwordHash' | 'mustChangePassword' | 'tags'>;
  readonly Project: PlatformModel<ProjectRow>;
  readonly Environment: PlatformModel<
    EnvironmentRow,
    | 'agentUrl'
    | 'isProduction'
    | 'ipWhitelistEnabled'
    | 'ipWhitelistRules'
    | 'secretCiphertext'
    | 'hosted'
    | 'hostedAuthSecretCiphertext'
  >;
  readonly Team: PlatformModel<TeamRow>;
  readonly Role: PlatformModel<RoleRow, 'builtIn'>;
  readonly ProjectMember: PlatformModel<ProjectMemberRow, 'permissionLevel' | 'tags'>;
  readonly TeamMember: PlatformModel<TeamMemberRow>;
  readonly RoleCollectionRight: PlatformModel<
    RoleCollectionRightRow,
    'browse' | 'read' | 'edit' | 'add' | 'delete' | 'export'
  >;
  readonly RoleActionRight: PlatformModel<
    RoleActionRightRow,
    | 'trigger'
    | 'triggerConditions'
    | 'approvalRequired'
    | 'approvalRequiredConditions'
    | 'approve'
    | 'approveConditions'
    | 'selfApprove'
  >;
  readonly Rendering: PlatformModel<RenderingRow, 'collections' | 'stats'>;
  readonly EnvironmentSchema: PlatformModel<EnvironmentSchemaRow>;
  readonly ActivityLog: PlatformModel<
    ActivityLogRow,
    | 'userId'
    | 'userEmail'
    | 'collectionName'
    | 'recordIds'
    | 'label'
    | 'type'
    | 'source'
    | 'teamName'
    | 'renderingId'
    | 'apiTokenId'
    | 'workflowRunId'
    | 'workflowName'
    | 'workflowStepName'
  >;
  readonly ApiToken: PlatformModel<ApiTokenRow, 'expiresAt' | 'lastUsedAt' | 'revokedAt'>;
  readonly Note: PlatformModel<NoteRow, 'userId' | 'userEmail' | 'teamName' | 'archivedAt'>;
  readonly NoteMessage: PlatformModel<NoteMessageRow, 'userId' | 'userEmail'>;
  readonly Workflow: PlatformModel<WorkflowRow, 'webhookEnabled' | 'webhookUrlVersion'>;
  readonly WorkflowRun: ModelStatic<
    WorkflowRunRow &
      Model<
        WorkflowRunRow,
        Optional<
          WorkflowRunRow,
          'createdAt' | 'updatedAt' | 'userId' | 'userEmail' | 'activeKey' | 'finishedAt'
        >
      >
  >;
  readonly PlatformSetting: ModelStatic<
    PlatformSettingRow &
      Model<PlatformSettingRow, Optional<PlatformSettingRow, 'createdAt' | 'updatedAt'>>
  >;
  readonly OidcPayload: ModelStatic<
    OidcPayloadRow &
      Model<
        OidcPayloadRow,
        Optional<
          OidcPayloadRow,
          | 'createdAt'
          | 'updatedAt'
          | 'grantId'
          | 'userCode'
          | 'uid'
          | 'accountId'
          | 'expiresAt'
          | 'consumedAt'
        >
      >
  >;
  readonly UserSession: PlatformModel<UserSessionRow>;
  readonly Invitation: PlatformModel<InvitationRow, 'teamId' | 'invitedById' | 'acceptedAt'>;
  readonly ApprovalRequest: PlatformModel<
    ApprovalRequestRow,
    | 'renderingId'
    | 'requesterId'
    | 'requesterEmail'
    | 'request'
    | 'status'
    | 'reviewerId'
    | 'comments'
  >;
  readonly AdminLog: ModelStatic<
    AdminLogRow &
      Model<
        AdminLogRow,
        Optional<
          AdminLogRow,
          | 'id'
          | 'createdAt'
          | 'projectId'
          | 'resourceId'
          | 'previousValues'
          | 'newValues'
          | 'initiatorId'
          | 'initiatorEmail'
        >
      >
  >;
  readonly HostedDatasource: PlatformModel<HostedDatasourceRow, 'datasourceSuffix'>;
  readonly HostedBundle: PlatformModel<HostedBundleRow, 'userId' | 'error' | 'publishedAt'>;
  readonly HostedAgentLog: ModelStatic<
    HostedAgentLogRow & Model<HostedAgentLogRow, Optional<HostedAgentLogRow, 'id' | 'createdAt'>>
  >;
  readonly DevelopmentEnvironment: PlatformModel<DevelopmentEnvironmentRow>;
}
