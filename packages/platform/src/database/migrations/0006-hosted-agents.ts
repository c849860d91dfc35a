import { DataTypes } from 'sequelize';

import { date, json, primaryKey, reference, text, timestamps } from './migration-columns';
import type { Columns } from './migration-columns';
import type { PlatformMigration } from './platform-migration';

// Everything of a hosted environment goes with it (CASCADE). A bundle keeps its row when its
// uploader is removed (SET NULL): the last published code still says when it was published.
// Bundles are BLOBs in the database rather than files: every platform process of a deployment
// shares the database, not a disk, and 20 MiB at most each.
const tables: ReadonlyArray<readonly [string, Columns]> = [
  [
    'hosted_datasources',
    {
      id: primaryKey(),
      environment_id: reference('environments', 'CASCADE'),
      name: text(100),
      datasource_suffix: text(64, true),
      dialect: text(16),
      // The connection URI, AES-256-GCM under the platform's secret key: never stored in clear.
      connection_ciphertext: { type: DataTypes.TEXT, allowNull: false },
      introspection: json(false),
      ...timestamps(),
    },
  ],
  [
    'hosted_bundles',
    {
      id: primaryKey(),
      environment_id: reference('environments', 'CASCADE'),
      user_id: reference('users', 'SET NULL'),
      sha256: text(64),
      size: { type: DataTypes.INTEGER, allowNull: false },
      bytes: { type: DataTypes.BLOB, allowNull: false },
      // uploaded → deployed | failed
      status: text(16),
      error: { type: DataTypes.TEXT, allowNull: true },
      published_at: date(true),
      ...timestamps(),
    },
  ],
  [
    'hosted_agent_logs',
    {
      id: primaryKey(),
      environment_id: reference('environments', 'CASCADE'),
      level: text(8),
      message: { type: DataTypes.TEXT, allowNull: false },
      created_at: date(),
    },
  ],
  [
    // A user's personal development environment of a hosted one (`grove-cloud start`).
    'development_environments',
    {
      id: primaryKey(),
      environment_id: reference('environments', 'CASCADE'),
      user_id: reference('users', 'CASCADE'),
      hosted_environment_id: reference('environments', 'CASCADE'),
      ...timestamps(),
    },
  ],
];

// Columns environments gain: hosted or not, and the hosted agent's session-signing secret.
const environmentColumns: ReadonlyArray<readonly [string, string]> = [
  ['hosted', 'BOOLEAN NOT NULL DEFAULT false'],
  ['hosted_auth_secret_ciphertext', 'VARCHAR(255) NULL'],
];

/**
 * Version 6: environments hosted by the platform (issue 17) — their data sources (connection
 * URIs encrypted, introspections), uploaded bundles, the hosted agents' logs, and each user's
 * personal development environment of a hosted one.
 */
export const hostedAgents: PlatformMigration = {
  name: '0006-hosted-agents',
  async up(queryInterface) {
    for (const [table, columns] of tables) await queryInterface.createTable(table, columns);
    // Raw SQL: `addColumn` qualifies the table with `public` on PostgreSQL (see 0003).
    for (const [column, definition] of environmentColumns) {
      await queryInterface.sequelize.query(
        `ALTER TABLE environments ADD COLUMN ${column} ${definition}`,
      );
    }
    const unique = (table: string, name: string, fields: string[]) =>
      queryInterface.addIndex(table, fields, { name, unique: true });
    const index = (table: string, name: string, fields: string[]) =>
      queryInterface.addIndex(table, fields, { name });
    await unique('hosted_datasources', 'hosted_datasources_environment_name_unique', [
      'environment_id',
      'name',
    ]);
    await index('hosted_bundles', 'hosted_bundles_environment', ['environment_id']);
    await index('hosted_agent_logs', 'hosted_agent_logs_environment_time', [
      'environment_id',
      'created_at',
    ]);
    await unique('development_environments', 'development_environments_user_unique', [
      'user_id',
      'hosted_environment_id',
    ]);
  },
  async down(queryInterface) {
    for (const [column] of [...environmentColumns].reverse()) {
      await queryInterface.sequelize.query(`ALTER TABLE environments DROP COLUMN ${column}`);
    }
    for (const [table] of [...tables].reverse()) await queryInterface.dropTable(table);
  },
};
