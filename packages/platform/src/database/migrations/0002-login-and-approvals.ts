import { DataTypes } from 'sequelize';
import type { QueryInterface } from 'sequelize';

import { date, json, primaryKey, reference, text, timestamps } from './migration-columns';
import type { Columns } from './migration-columns';
import type { PlatformMigration } from './platform-migration';

const tables: ReadonlyArray<readonly [string, Columns]> = [
  [
    // Key material and other deployment-wide values generated at first start (the OIDC signing
    // keys, the cookie keys): every platform process of a deployment reads the same ones.
    'platform_settings',
    {
      key: { type: DataTypes.STRING(128), primaryKey: true, allowNull: false },
      value: json(false),
      ...timestamps(),
    },
  ],
  [
    // What the OpenID provider stores (sessions, interactions, codes, refresh tokens, registered
    // clients, device codes...), one row per (model, id), expiring rows purged by the provider's
    // adapter. Codes are single-use: `consumed_at` is set on first use.
    'oidc_payloads',
    {
      model: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
      id: { type: DataTypes.STRING(255), primaryKey: true, allowNull: false },
      payload: json(false),
      grant_id: text(255, true),
      user_code: text(64, true),
      uid: text(255, true),
      expires_at: date(true),
      consumed_at: date(true),
      ...timestamps(),
    },
  ],
  [
    // The console's logins: the cookie carries a random token, the row its SHA-256.
    'user_sessions',
    {
      id: primaryKey(),
      user_id: reference('users', 'CASCADE'),
      token_hash: text(64),
      csrf_token: text(64),
      expires_at: date(),
      ...timestamps(),
    },
  ],
  [
    // An invitation to join a project with a role (and a team); the link carries a random token,
    // the row its SHA-256.
    'invitations',
    {
      id: primaryKey(),
      project_id: reference('projects', 'CASCADE'),
      email: text(320),
      role_id: reference('roles', 'CASCADE', false),
      team_id: reference('teams', 'SET NULL'),
      token_hash: text(64),
      invited_by_id: reference('users', 'SET NULL'),
      expires_at: date(),
      accepted_at: date(true),
      ...timestamps(),
    },
  ],
  [
    // An action run waiting for approval (docs/platform-protocol.md#approvals): what the requester
    // sent, replayed signed with the environment's secret once approved.
    'approval_requests',
    {
      id: primaryKey(),
      environment_id: reference('environments', 'CASCADE'),
      rendering_id: reference('renderings', 'SET NULL'),
      requester_id: reference('users', 'SET NULL'),
      requester_email: text(320, true),
      collection_name: text(255),
      action_name: text(255),
      record_ids: json(false),
      inputs: json(false),
      // The action request body the agent will replay (signed) once approved.
      request: json(true),
      status: text(16),
      reviewer_id: reference('users', 'SET NULL'),
      comments: json(false),
      ...timestamps(),
    },
  ],
];

async function addIndexes(queryInterface: QueryInterface): Promise<void> {
  const add = (table: string, name: string, fields: string[], unique = false) =>
    queryInterface.addIndex(table, fields, { name, unique });

  await add('oidc_payloads', 'oidc_payloads_grant', ['model', 'grant_id']);
  await add('oidc_payloads', 'oidc_payloads_user_code', ['model', 'user_code']);
  await add('oidc_payloads', 'oidc_payloads_uid', ['model', 'uid']);
  await add('oidc_payloads', 'oidc_payloads_expiry', ['expires_at']);
  await add('user_sessions', 'user_sessions_token_unique', ['token_hash'], true);
  await add('user_sessions', 'user_sessions_user', ['user_id']);
  await add('invitations', 'invitations_token_unique', ['token_hash'], true);
  await add('invitations', 'invitations_project', ['project_id']);
  await add('approval_requests', 'approval_requests_environment_status', [
    'environment_id',
    'status',
  ]);
}

/** Version 2: login (OpenID provider storage, console sessions), invitations, approvals. */
export const loginAndApprovals: PlatformMigration = {
  name: '0002-login-and-approvals',
  async up(queryInterface) {
    for (const [table, columns] of tables) await queryInterface.createTable(table, columns);
    await addIndexes(queryInterface);
  },
  async down(queryInterface) {
    for (const [table] of [...tables].reverse()) await queryInterface.dropTable(table);
  },
};
