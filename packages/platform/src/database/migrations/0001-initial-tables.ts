import { DataTypes } from 'sequelize';
import type { ModelAttributeColumnOptions, QueryInterface } from 'sequelize';

import type { PlatformMigration } from './platform-migration';

type Columns = Record<string, ModelAttributeColumnOptions>;

// Copied for every table: Sequelize may write into the column objects it is given.

const primaryKey: ModelAttributeColumnOptions = {
  type: DataTypes.INTEGER,
  primaryKey: true,
  autoIncrement: true,
  allowNull: false,
};

const timestamps = (): Columns => ({
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
});

/** A foreign key; `onDelete` is chosen per column (see the table comments below). */
function reference(
  table: string,
  onDelete: 'CASCADE' | 'SET NULL',
  allowNull = onDelete === 'SET NULL',
): ModelAttributeColumnOptions {
  return {
    type: DataTypes.INTEGER,
    allowNull,
    references: { model: table, key: 'id' },
    onDelete,
    onUpdate: 'CASCADE',
  };
}

function flag(defaultValue: boolean): ModelAttributeColumnOptions {
  return { type: DataTypes.BOOLEAN, allowNull: false, defaultValue };
}

function json(allowNull: boolean): ModelAttributeColumnOptions {
  return { type: DataTypes.JSON, allowNull };
}

const text = (length: number, allowNull = false): ModelAttributeColumnOptions => ({
  type: DataTypes.STRING(length),
  allowNull,
});

// Ownership decides ON DELETE: what belongs to a project (environments, teams, roles, members)
// and what belongs to those (rights, renderings, stored schemas, activity logs) goes with it
// (CASCADE). Audit trails outlive what they talk about: admin logs and activity logs keep their
// row when the project or user they name is deleted (SET NULL), with the names copied in.
const tables: ReadonlyArray<readonly [string, Columns]> = [
  [
    'users',
    {
      id: { ...primaryKey },
      email: text(320),
      first_name: text(255),
      last_name: text(255),
      // Null until the invited user sets a password.
      password_hash: text(255, true),
      permission_level: text(16),
      tags: json(false),
      ...timestamps(),
    },
  ],
  ['projects', { id: { ...primaryKey }, name: text(255), ...timestamps() }],
  [
    'environments',
    {
      id: { ...primaryKey },
      project_id: reference('projects', 'CASCADE'),
      name: text(255),
      agent_url: text(2048, true),
      is_production: flag(false),
      // SHA-256 hex of the env secret; the secret itself is shown once and never stored.
      secret_hash: text(64),
      ip_whitelist_enabled: flag(false),
      ip_whitelist_rules: json(false),
      ...timestamps(),
    },
  ],
  [
    'teams',
    {
      id: { ...primaryKey },
      project_id: reference('projects', 'CASCADE'),
      name: text(255),
      ...timestamps(),
    },
  ],
  [
    'roles',
    {
      id: { ...primaryKey },
      project_id: reference('projects', 'CASCADE'),
      name: text(255),
      // Admin, Developer, Editor and User are built in (cannot be renamed or deleted).
      built_in: flag(false),
      ...timestamps(),
    },
  ],
  [
    'project_members',
    {
      id: { ...primaryKey },
      project_id: reference('projects', 'CASCADE'),
      user_id: reference('users', 'CASCADE'),
      role_id: reference('roles', 'CASCADE', false),
      ...timestamps(),
    },
  ],
  [
    'team_members',
    {
      id: { ...primaryKey },
      team_id: reference('teams', 'CASCADE'),
      user_id: reference('users', 'CASCADE'),
      ...timestamps(),
    },
  ],
  [
    'role_collection_rights',
    {
      id: { ...primaryKey },
      role_id: reference('roles', 'CASCADE'),
      collection_name: text(255),
      browse: flag(false),
      read: flag(false),
      edit: flag(false),
      add: flag(false),
      delete: flag(false),
      export: flag(false),
      ...timestamps(),
    },
  ],
  [
    'role_action_rights',
    {
      id: { ...primaryKey },
      role_id: reference('roles', 'CASCADE'),
      collection_name: text(255),
      // The action's display name, the key of the permissions payload.
      action_name: text(255),
      trigger: flag(false),
      trigger_conditions: json(true),
      approval_required: flag(false),
      approval_required_conditions: json(true),
      approve: flag(false),
      approve_conditions: json(true),
      self_approve: flag(false),
      ...timestamps(),
    },
  ],
  [
    'renderings',
    {
      id: { ...primaryKey },
      team_id: reference('teams', 'CASCADE'),
      environment_id: reference('environments', 'CASCADE'),
      // { [collection]: { scope, segments, liveQuerySegments } }
      collections: json(false),
      // Saved charts the rendering's users may run.
      stats: json(false),
      ...timestamps(),
    },
  ],
  [
    'environment_schemas',
    {
      id: { ...primaryKey },
      environment_id: reference('environments', 'CASCADE'),
      schema: json(false),
      hash: text(64),
      ...timestamps(),
    },
  ],
  [
    'activity_logs',
    {
      id: { ...primaryKey },
      environment_id: reference('environments', 'CASCADE'),
      user_id: reference('users', 'SET NULL'),
      user_email: text(320, true),
      action: text(64),
      collection_name: text(255, true),
      record_ids: json(true),
      label: text(1024, true),
      status: text(16),
      ...timestamps(),
    },
  ],
  [
    'admin_logs',
    {
      id: { ...primaryKey },
      project_id: reference('projects', 'SET NULL'),
      resource_type: text(64),
      resource_id: text(255, true),
      action: text(64),
      previous_values: json(true),
      new_values: json(true),
      initiator_id: reference('users', 'SET NULL'),
      initiator_email: text(320, true),
      created_at: { type: DataTypes.DATE, allowNull: false },
    },
  ],
];

async function addIndexes(queryInterface: QueryInterface): Promise<void> {
  const unique = (table: string, name: string, fields: string[]) =>
    queryInterface.addIndex(table, fields, { name, unique: true });
  const index = (table: string, name: string, fields: string[]) =>
    queryInterface.addIndex(table, fields, { name });

  // LOWER() indexes are valid on SQLite and PostgreSQL alike: two emails that differ only in
  // case are refused by the database itself, whatever code writes the row.
  await queryInterface.sequelize.query(
    'CREATE UNIQUE INDEX users_email_lower_unique ON users (LOWER(email))',
  );
  await unique('projects', 'projects_name_unique', ['name']);
  await unique('environments', 'environments_project_name_unique', ['project_id', 'name']);
  // The agent authenticates every call by its env secret: look-up by hash.
  await unique('environments', 'environments_secret_hash_unique', ['secret_hash']);
  await unique('teams', 'teams_project_name_unique', ['project_id', 'name']);
  await unique('roles', 'roles_project_name_unique', ['project_id', 'name']);
  await unique('project_members', 'project_members_project_user_unique', ['project_id', 'user_id']);
  await unique('team_members', 'team_members_team_user_unique', ['team_id', 'user_id']);
  await unique('role_collection_rights', 'role_collection_rights_unique', [
    'role_id',
    'collection_name',
  ]);
  await unique('role_action_rights', 'role_action_rights_unique', [
    'role_id',
    'collection_name',
    'action_name',
  ]);
  await unique('renderings', 'renderings_team_environment_unique', ['team_id', 'environment_id']);
  await unique('environment_schemas', 'environment_schemas_environment_unique', ['environment_id']);
  await index('activity_logs', 'activity_logs_environment_time', ['environment_id', 'created_at']);
  await index('admin_logs', 'admin_logs_project_time', ['project_id', 'created_at']);
  await index('admin_logs', 'admin_logs_resource', ['resource_type', 'resource_id']);
}

/** Version 1: every table of the platform's first release, with its keys and indexes. */
export const initialTables: PlatformMigration = {
  name: '0001-initial-tables',
  async up(queryInterface) {
    for (const [table, columns] of tables) await queryInterface.createTable(table, columns);
    await addIndexes(queryInterface);
  },
  async down(queryInterface) {
    for (const [table] of [...tables].reverse()) await queryInterface.dropTable(table);
  },
};
