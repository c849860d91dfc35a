import { migratePlatformDatabase, MIGRATIONS_TABLE } from '../../src';
import { availableServers, createTestDatabase } from '../helpers/test-databases';
import type { TestDatabase } from '../helpers/test-databases';

const TABLES = [
  'activity_logs',
  'admin_logs',
  'api_tokens',
  'environment_schemas',
  'approval_requests',
  'environments',
  MIGRATIONS_TABLE,
  'invitations',
  'note_messages',
  'notes',
  'oidc_payloads',
  'platform_settings',
  'project_members',
  'projects',
  'renderings',
  'role_action_rights',
  'role_collection_rights',
  'roles',
  'team_members',
  'teams',
  'user_sessions',
  'users',
  'workflow_runs',
  'workflows',
].sort();
const MIGRATIONS = [
  '0001-initial-tables',
  '0002-login-and-approvals',
  '0003-environment-secret-ciphertext',
  '0004-public-api-and-workflows',
];

describe.each(availableServers())('platform migrations on $name', server => {
  let test: TestDatabase;

  beforeEach(async () => {
    test = await createTestDatabase(server);
  });

  afterEach(async () => {
    await test.drop();
  });

  async function tableNames(): Promise<string[]> {
    const { sequelize, dialect } = test.db;
    const sql =
      dialect === 'sqlite'
        ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        : `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = '${test.schema}'`;
    const [rows] = await sequelize.query(sql);

    return (rows as { name: string }[]).map(row => row.name).sort();
  }

  async function appliedMigrations(): Promise<string[]> {
    const [rows] = await test.db.sequelize.query(`SELECT name FROM ${MIGRATIONS_TABLE}`);

    return (rows as { name: string }[]).map(row => row.name);
  }

  it('creates every table on a fresh database and records the migration', async () => {
    expect(await tableNames()).toEqual(TABLES);
    expect(await appliedMigrations()).toEqual(MIGRATIONS);
  });

  it('applies nothing the second time', async () => {
    await test.db.models.Project.create({ name: 'Shop' });

    expect(await migratePlatformDatabase(test.db.sequelize)).toEqual([]);
    const reopened = await test.reopen();

    expect(await reopened.models.Project.count()).toBe(1);
    expect(await appliedMigrations()).toEqual(MIGRATIONS);
    expect(await tableNames()).toEqual(TABLES);
    await reopened.close();
  });
});
