import { DataTypes } from 'sequelize';
import type { ModelAttributes, Sequelize } from 'sequelize';

import type { PlatformModels } from './platform-models';

// Factories, not shared objects: Sequelize writes into the attribute objects it is given.
const id = () => ({ type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true });
const string = (allowNull = false) => ({ type: DataTypes.STRING, allowNull });
const integer = (allowNull = false) => ({ type: DataTypes.INTEGER, allowNull });
const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
const json = (defaultValue?: unknown) => ({
  type: DataTypes.JSON,
  allowNull: defaultValue === undefined,
  ...(defaultValue === undefined ? {} : { defaultValue }),
});

/**
 * Declares the models of every platform table on a Sequelize instance. The tables themselves
 * are created by the migrations, never by `sync()`.
 */
export function definePlatformModels(sequelize: Sequelize): PlatformModels {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call is typed by its caller
  const define = (name: string, tableName: string, attributes: ModelAttributes): any =>
    sequelize.define(name, { id: id(), ...attributes }, { tableName, underscored: true });

  return {
    User: define('User', 'users', {
      email: { type: DataTypes.STRING, allowNull: false, validate: { isEmail: true } },
      firstName: string(),
      lastName: string(),
      passwordHash: string(true),
      mustChangePassword: flag(),
      permissionLevel: {
        type: DataTypes.STRING,
        allowNull: false,
        validate: { isIn: [['admin', 'developer', 'editor', 'user']] },
      },
      tags: json({}),
    }),
    Project: define('Project', 'projects', { name: string() }),
    Environment: define('Environment', 'environments', {
      projectId: integer(),
      name: string(),
      agentUrl: string(true),
      isProduction: flag(),
      secretHash: string(),
      secretCiphertext: string(true),
      ipWhitelistEnabled: flag(),
      ipWhitelistRules: json([]),
      hosted: flag(),
      hostedAuthSecretCiphertext: string(true),
    }),
    Team: define('Team', 'teams', { projectId: integer(), name: string() }),
    Role: define('Role', 'roles', { projectId: integer(), name: string(), builtIn: flag() }),
    ProjectMember: define('ProjectMember', 'project_members', {
      projectId: integer(),
      userId: integer(),
      roleId: integer(),
      permissionLevel: {
        type: DataTypes.STRING,
        allowNull: true,
        validate: { isIn: [['admin', 'developer', 'editor', 'user']] },
      },
      tags: json(),
    }),
    TeamMember: define('TeamMember', 'team_members', { teamId: integer(), userId: integer() }),
    RoleCollectionRight: define('RoleCollectionRight', 'role_collection_rights', {
      roleId: integer(),
      collectionName: string(),
      browse: flag(),
      read: flag(),
      edit: flag(),
      add: flag(),
      delete: flag(),
      export: flag(),
    }),
    RoleActionRight: define('RoleActionRight', 'role_action_rights', {
      roleId: integer(),
      collectionName: string(),
      actionName: string(),
      trigger: flag(),
      triggerConditions: json(),
      approvalRequired: flag(),
      approvalRequiredConditions: json(),
      approve: flag(),
      approveConditions: json(),
      selfApprove: flag(),
    }),
    Rendering: define('Rendering', 'renderings', {
      teamId: integer(),
      environmentId: integer(),
      collections: json({}),
      stats: json([]),
    }),
    EnvironmentSchema: define('EnvironmentSchema', 'environment_schemas', {
      environmentId: integer(),
      schema: json({}),
      hash: string(),
    }),
    ActivityLog: define('ActivityLog', 'activity_logs', {
      environmentId: integer(),
      userId: integer(true),
      userEmail: string(true),
      action: string(),
      collectionName: string(true),
      recordIds: json(),
      label: string(true),
      status: string(),
      type: { type: DataTypes.STRING, allowNull: false, defaultValue: 'write' },
      source: { type: DataTypes.STRING, allowNull: false, defaultValue: 'ui' },
      teamName: string(true),
      renderingId: integer(true),
      apiTokenId: integer(true),
      workflowRunId: string(true),
      workflowName: string(true),
      workflowStepName: string(true),
    }),
    PlatformSetting: sequelize.define(
      'PlatformSetting',
      { key: { type: DataTypes.STRING, primaryKey: true }, value: json({}) },
      { tableName: 'platform_settings', underscored: true },
    ) as unknown as PlatformModels['PlatformSetting'],
    OidcPayload: sequelize.define(
      'OidcPayload',
      {
        model: { type: DataTypes.STRING, primaryKey: true },
        id: { type: DataTypes.STRING, primaryKey: true },
        payload: json({}),
        grantId: string(true),
        userCode: string(true),
        uid: string(true),
        accountId: string(true),
        expiresAt: { type: DataTypes.DATE, allowNull: true },
        consumedAt: { type: DataTypes.DATE, allowNull: true },
      },
      { tableName: 'oidc_payloads', underscored: true },
    ) as unknown as PlatformModels['OidcPayload'],
    UserSession: define('UserSession', 'user_sessions', {
      userId: integer(),
      tokenHash: string(),
      csrfToken: string(),
      expiresAt: { type: DataTypes.DATE, allowNull: false },
    }),
    Invitation: define('Invitation', 'invitations', {
      projectId: integer(),
      email: string(),
      roleId: integer(),
      teamId: integer(true),
      tokenHash: string(),
      invitedById: integer(true),
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      acceptedAt: { type: DataTypes.DATE, allowNull: true },
    }),
    ApprovalRequest: define('ApprovalRequest', 'approval_requests', {
      environmentId: integer(),
      renderingId: integer(true),
      requesterId: integer(true),
      requesterEmail: string(true),
      collectionName: string(),
      actionName: string(),
      recordIds: json([]),
      inputs: json([]),
      request: json(),
      status: {
        type: DataTypes.STRING,
        allowNull: false,
        defaultValue: 'pending',
        validate: { isIn: [['pending', 'approved', 'rejected']] },
      },
      reviewerId: integer(true),
      comments: json([]),
    }),
    ApiToken: define('ApiToken', 'api_tokens', {
      projectId: integer(),
      userId: integer(),
      name: string(),
      tokenHash: string(),
      displayHint: string(),
      level: {
        type: DataTypes.STRING,
        allowNull: false,
        validate: { isIn: [['read-only', 'read-write']] },
      },
      scopes: json([]),
      expiresAt: { type: DataTypes.DATE, allowNull: true },
      lastUsedAt: { type: DataTypes.DATE, allowNull: true },
      revokedAt: { type: DataTypes.DATE, allowNull: true },
    }),
    Note: define('Note', 'notes', {
      environmentId: integer(),
      collectionName: string(),
      recordId: string(),
      title: string(),
      userId: integer(true),
      userEmail: string(true),
      teamName: string(true),
      archivedAt: { type: DataTypes.DATE, allowNull: true },
    }),
    NoteMessage: define('NoteMessage', 'note_messages', {
      noteId: integer(),
      content: { type: DataTypes.TEXT, allowNull: false },
      userId: integer(true),
      userEmail: string(true),
    }),
    Workflow: define('Workflow', 'workflows', {
      environmentId: integer(),
      collectionName: string(),
      name: string(),
      steps: json([]),
      webhookEnabled: flag(),
      webhookUrlVersion: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    }),
    WorkflowRun: sequelize.define(
      'WorkflowRun',
      {
        id: { type: DataTypes.STRING(36), primaryKey: true },
        workflowId: integer(),
        environmentId: integer(),
        recordId: string(),
        userId: integer(true),
        userEmail: string(true),
        source: string(),
        status: {
          type: DataTypes.STRING,
          allowNull: false,
          validate: { isIn: [['pending', 'running', 'succeeded', 'failed']] },
        },
        activeKey: string(true),
        steps: json([]),
        finishedAt: { type: DataTypes.DATE, allowNull: true },
      },
      { tableName: 'workflow_runs', underscored: true },
    ) as unknown as PlatformModels['WorkflowRun'],
    AdminLog: sequelize.define(
      'AdminLog',
      {
        id: id(),
        projectId: integer(true),
        resourceType: string(),
        resourceId: string(true),
        action: string(),
        previousValues: json(),
        newValues: json(),
        initiatorId: integer(true),
        initiatorEmail: string(true),
      },
      // Admin logs are written once, never updated.
      { tableName: 'admin_logs', underscored: true, updatedAt: false },
    ) as unknown as PlatformModels['AdminLog'],
    HostedDatasource: define('HostedDatasource', 'hosted_datasources', {
      environmentId: integer(),
      name: string(),
      datasourceSuffix: string(true),
      dialect: string(),
      connectionCiphertext: { type: DataTypes.TEXT, allowNull: false },
      introspection: json({}),
    }),
    HostedBundle: define('HostedBundle', 'hosted_bundles', {
      environmentId: integer(),
      userId: integer(true),
      sha256: string(),
      size: integer(),
      bytes: { type: DataTypes.BLOB, allowNull: false },
      status: {
        type: DataTypes.STRING,
        allowNull: false,
        defaultValue: 'uploaded',
        validate: { isIn: [['uploaded', 'deployed', 'failed']] },
      },
      error: { type: DataTypes.TEXT, allowNull: true },
      publishedAt: { type: DataTypes.DATE, allowNull: true },
    }),
    HostedAgentLog: sequelize.define(
      'HostedAgentLog',
      {
        id: id(),
        environmentId: integer(),
        level: string(),
        message: { type: DataTypes.TEXT, allowNull: false },
      },
      // Logs are written once, never updated.
      { tableName: 'hosted_agent_logs', underscored: true, updatedAt: false },
    ) as unknown as PlatformModels['HostedAgentLog'],
    DevelopmentEnvironment: define('DevelopmentEnvironment', 'development_environments', {
      environmentId: integer(),
      userId: integer(),
      hostedEnvironmentId: integer(),
    }),
  };
}
