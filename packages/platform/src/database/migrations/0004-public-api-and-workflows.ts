import { DataTypes } from 'sequelize';

import { date, json, primaryKey, reference, text, timestamps } from './migration-columns';
import type { Columns } from './migration-columns';
import type { PlatformMigration } from './platform-migration';

// A token goes with its project and with its owner (a removed user's tokens die with them).
// Notes and their messages go with their environment; their authors' names are copied in, as in
// activity logs. Workflows and their runs go with their environment.
const tables: ReadonlyArray<readonly [string, Columns]> = [
  [
    'api_tokens',
    {
      id: primaryKey(),
      project_id: reference('projects', 'CASCADE'),
      user_id: reference('users', 'CASCADE'),
      name: text(255),
      // SHA-256 hex of the value: the value itself is never stored.
      token_hash: text(64),
      // `grove_abcd…wxyz`: enough to recognise a token in a list, nothing to use it with.
      display_hint: text(64),
      level: text(16),
      scopes: json(false),
      expires_at: date(true),
      last_used_at: date(true),
      revoked_at: date(true),
      ...timestamps(),
    },
  ],
  [
    'notes',
    {
      id: primaryKey(),
      environment_id: reference('environments', 'CASCADE'),
      collection_name: text(255),
      record_id: text(1024),
      title: text(255),
      user_id: reference('users', 'SET NULL'),
      user_email: text(320, true),
      team_name: text(255, true),
      archived_at: date(true),
      ...timestamps(),
    },
  ],
  [
    'note_messages',
    {
      id: primaryKey(),
      note_id: reference('notes', 'CASCADE'),
      content: { type: DataTypes.TEXT, allowNull: false },
      user_id: reference('users', 'SET NULL'),
      user_email: text(320, true),
      ...timestamps(),
    },
  ],
  [
    'workflows',
    {
      id: primaryKey(),
      environment_id: reference('environments', 'CASCADE'),
      collection_name: text(255),
      name: text(255),
      // [{ actionName, values }]: the agent's actions of the collection, in order.
      steps: json(false),
      webhook_enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      webhook_url_version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
      ...timestamps(),
    },
  ],
  [
    'workflow_runs',
    {
      // A random UUID: run ids are handed out to webhook callers.
      id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
      workflow_id: reference('workflows', 'CASCADE', false),
      environment_id: reference('environments', 'CASCADE'),
      record_id: text(1024),
      user_id: reference('users', 'SET NULL'),
      user_email: text(320, true),
      source: text(16),
      // pending → running → succeeded | failed
      status: text(16),
      // `<workflow id>:<record id>` while the run is active, null once it ended: a unique index
      // makes "one active run per workflow and record" hold across platform processes.
      active_key: text(1100, true),
      // [{ index, actionName, status, error?, startedAt?, finishedAt? }]
      steps: json(false),
      finished_at: date(true),
      ...timestamps(),
    },
  ],
];

// Columns activity logs gain: what the public API shows (type, source, team, workflow), and the
// token or run that caused the operation.
const activityLogColumns: ReadonlyArray<readonly [string, string]> = [
  ['type', "VARCHAR(8) NOT NULL DEFAULT 'write'"],
  ['source', "VARCHAR(16) NOT NULL DEFAULT 'ui'"],
  ['team_name', 'VARCHAR(255) NULL'],
  ['rendering_id', 'INTEGER NULL'],
  ['api_token_id', 'INTEGER NULL'],
  ['workflow_run_id', 'VARCHAR(36) NULL'],
  ['workflow_name', 'VARCHAR(255) NULL'],
  ['workflow_step_name', 'VARCHAR(255) NULL'],
];

/**
 * Version 4: the public API (API tokens, notes and their messages) and workflows (definitions,
 * runs), and the activity-log columns the public API shows.
 */
export const publicApiAndWorkflows: PlatformMigration = {
  name: '0004-public-api-and-workflows',
  async up(queryInterface) {
    for (const [table, columns] of tables) await queryInterface.createTable(table, columns);
    // Raw SQL: `addColumn` qualifies the table with `public` on PostgreSQL (see 0003).
    for (const [column, definition] of activityLogColumns) {
      await queryInterface.sequelize.query(
        `ALTER TABLE activity_logs ADD COLUMN ${column} ${definition}`,
      );
    }
    const unique = (table: string, name: string, fields: string[]) =>
      queryInterface.addIndex(table, fields, { name, unique: true });
    const index = (table: string, name: string, fields: string[]) =>
      queryInterface.addIndex(table, fields, { name });
    await unique('api_tokens', 'api_tokens_hash_unique', ['token_hash']);
    await index('api_tokens', 'api_tokens_project', ['project_id']);
    await index('notes', 'notes_environment_record', ['environment_id', 'collection_name']);
    await index('note_messages', 'note_messages_note', ['note_id']);
    await unique('workflows', 'workflows_environment_name_unique', ['environment_id', 'name']);
    await unique('workflow_runs', 'workflow_runs_active_unique', ['active_key']);
    await index('workflow_runs', 'workflow_runs_workflow', ['workflow_id']);
    await index('admin_logs', 'admin_logs_project_time_id', ['project_id', 'created_at', 'id']);
    await index('activity_logs', 'activity_logs_environment_time_id', [
      'environment_id',
      'created_at',
      'id',
    ]);
  },
  async down(queryInterface) {
    await queryInterface.removeIndex('activity_logs', 'activity_logs_environment_time_id');
    await queryInterface.removeIndex('admin_logs', 'admin_logs_project_time_id');
    for (const [column] of [...activityLogColumns].reverse()) {
      await queryInterface.sequelize.query(`ALTER TABLE activity_logs DROP COLUMN ${column}`);
    }
    for (const [table] of [...tables].reverse()) await queryInterface.dropTable(table);
  },
};
