import { migratePlatformDatabase, MIGRATIONS_TABLE } from '../../src';
import { mustChangePassword } from '../../src/database/migrations/0005-must-change-password';
import { hostedAgents } from '../../src/database/migrations/0006-hosted-agents';
import { memberLevelsAndTags } from '../../src/database/migrations/0007-member-levels-and-tags';
import { oidcPayloadAccounts } from '../../src/database/migrations/0008-oidc-payload-accounts';
import { availableServers, createTestDatabase } from '../helpers/test-databases';
import type { TestDatabase } from '../helpers/test-databases';

const TABLES = [
  'activity_logs',
  'admin_logs',
  'api_tokens',
  'environment_schemas',
  'approval_requests',
  'development_environments',
  'environments',
  'hosted_agent_logs',
  'hosted_bundles',
  'hosted_datasources',
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
  '0005-must-change-password',
  '0006-hosted-agents',
  '0007-member-levels-and-tags',
  '0008-oidc-payload-accounts',
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

  it('0005 gives existing users must_change_password = false, and takes the column back', async () => {
    const queryInterface = test.db.sequelize.getQueryInterface();
    await mustChangePassword.down(queryInterface);
    await test.db.sequelize.query(
      `INSERT INTO users (email, first_name, last_name, permission_level, tags, created_at, updated_at)
       VALUES ('old@grove.local', 'Old', 'User', 'user', '{}', :now, :now)`,
      { replacements: { now: new Date() } },
    );
    // A raw read, not describeTable: the PostgreSQL tables live in the test's own schema.
    const columns = async () => {
      const [rows] = await test.db.sequelize.query('SELECT * FROM users');

      return Object.keys(rows[0] as object);
    };
    expect(await columns()).not.toContain('must_change_password');

    await mustChangePassword.up(queryInterface);
    const user = await test.db.models.User.findOne({ where: { email: 'old@grove.local' } });

    expect(await columns()).toContain('must_change_password');
    expect(user!.mustChangePassword).toBe(false);
  });

  it('0006 makes existing environments not hosted, and takes its tables and columns back', async () => {
    const queryInterface = test.db.sequelize.getQueryInterface();
    const project = await test.db.models.Project.create({ name: 'Shop' });
    await hostedAgents.down(queryInterface);
    expect(await tableNames()).not.toContain('hosted_bundles');
    await test.db.sequelize.query(
      `INSERT INTO environments (project_id, name, is_production, secret_hash, ip_whitelist_enabled,
         ip_whitelist_rules, created_at, updated_at)
       VALUES (:projectId, 'Old', false, :hash, false, '[]', :now, :now)`,
      { replacements: { projectId: project.id, hash: 'a'.repeat(64), now: new Date() } },
    );

    await hostedAgents.up(queryInterface);
    const environment = await test.db.models.Environment.findOne({ where: { name: 'Old' } });

    expect(environment).toMatchObject({ hosted: false, hostedAuthSecretCiphertext: null });
    expect(await tableNames()).toEqual(TABLES);
  });

  it("0007 gives existing memberships their user's level and tags, and takes them back", async () => {
    const queryInterface = test.db.sequelize.getQueryInterface();
    const project = await test.db.models.Project.create({ name: 'Shop' });
    const role = await test.db.models.Role.create({ projectId: project.id, name: 'User' });
    const user = await test.db.models.User.create({
      email: 'old@grove.local',
      firstName: 'Old',
      lastName: 'User',
      permissionLevel: 'editor',
      tags: { region: 'EU' },
    });
    await memberLevelsAndTags.down(queryInterface);
    await test.db.sequelize.query(
      `INSERT INTO project_members (project_id, user_id, role_id, created_at, updated_at)
       VALUES (:projectId, :userId, :roleId, :now, :now)`,
      {
        replacements: { projectId: project.id, userId: user.id, roleId: role.id, now: new Date() },
      },
    );

    await memberLevelsAndTags.up(queryInterface);
    const member = await test.db.models.ProjectMember.findOne({ where: { userId: user.id } });

    expect(member).toMatchObject({ permissionLevel: 'editor', tags: { region: 'EU' } });
  });

  it("0008 gives existing OpenID objects their payload's account, and takes the column back", async () => {
    const queryInterface = test.db.sequelize.getQueryInterface();
    await oidcPayloadAccounts.down(queryInterface);
    const rows: [string, string, Record<string, unknown>][] = [
      ['Grant', 'g1', { accountId: '7', clientId: 'c1' }],
      ['RefreshToken', 'r1', { accountId: '7', grantId: 'g1' }],
      ['Session', 's1', { accountId: '8' }],
      ['Interaction', 'i1', { result: { login: { accountId: '9' } } }],
      ['Interaction', 'i2', { params: { client_id: 'c1' } }],
      ['Client', 'c1', { client_id: 'c1' }],
    ];
    for (const [model, id, payload] of rows) {
      await test.db.sequelize.query(
        `INSERT INTO oidc_payloads (model, id, payload, created_at, updated_at)
         VALUES (:model, :id, :payload, :now, :now)`,
        { replacements: { model, id, payload: JSON.stringify(payload), now: new Date() } },
      );
    }

    await oidcPayloadAccounts.up(queryInterface);
    const stored = await test.db.models.OidcPayload.findAll({ order: [['id', 'ASC']] });

    expect(stored.map(row => [row.id, row.accountId])).toEqual([
      ['c1', null],
      ['g1', '7'],
      ['i1', '9'],
      ['i2', null],
      ['r1', '7'],
      ['s1', '8'],
    ]);
  });
});
