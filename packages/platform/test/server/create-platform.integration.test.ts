import { createPlatform } from '../../src';
import { availableServers } from '../helpers/test-databases';
import { createTestPlatformDatabase, startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';

type ErrorBody = { errors: { status: number; code: string; detail: string }[] };

describe.each(availableServers())('createPlatform on $name', server => {
  let test: TestPlatform;

  beforeEach(async () => {
    test = await startTestPlatform(server);
  });

  afterEach(async () => {
    await test.stop();
  });

  it('bootstraps an admin, a project with the built-in roles and a development environment', async () => {
    const { bootstrap, context } = test.platform;
    const { models } = context.db;

    expect(bootstrap).not.toBeNull();
    expect(bootstrap!.adminPassword.length).toBeGreaterThanOrEqual(16);
    expect(bootstrap!.envSecret).toMatch(/^[0-9a-f]{64}$/);
    const roles = await models.Role.findAll({ where: { projectId: bootstrap!.project.id } });
    expect(roles.map(role => role.name).sort()).toEqual(['Admin', 'Developer', 'Editor', 'User']);
    const admin = await models.User.findOne({ where: { email: bootstrap!.adminEmail } });
    const member = await models.ProjectMember.findOne({ where: { userId: admin!.id } });
    expect(roles.find(role => role.id === member!.roleId)!.name).toBe('Admin');
    expect(
      await models.Rendering.count({ where: { environmentId: bootstrap!.environment.id } }),
    ).toBe(1);
    // Neither secret is stored in clear.
    expect(admin!.passwordHash).not.toContain(bootstrap!.adminPassword);
    const environment = await models.Environment.findByPk(bootstrap!.environment.id);
    expect(environment!.secretHash).not.toBe(bootstrap!.envSecret);
    expect(await models.AdminLog.count()).toBe(2);
  });

  it('bootstraps nothing on the next start of the same database', async () => {
    const again = await createPlatform({
      port: 0,
      logger: () => undefined,
      database: test.database.options,
    });
    try {
      expect(again.bootstrap).toBeNull();
      expect(await again.context.db.models.User.count()).toBe(1);
      expect(await again.context.db.models.Project.count()).toBe(1);
    } finally {
      await again.close();
    }
  });

  it('answers agents that give a known env secret, and 401 to the others', async () => {
    const { url, bootstrap } = test.platform;
    const call = (secret?: string) =>
      fetch(`${url}/liana/environment`, {
        headers: secret === undefined ? {} : { 'forest-secret-key': secret },
      });

    const known = await call(bootstrap!.envSecret);
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({
      data: {
        id: String(bootstrap!.environment.id),
        type: 'environments',
        attributes: {
          name: 'Development',
          api_endpoint: 'http://localhost:3351',
          is_production: false,
        },
      },
    });

    for (const secret of [undefined, '', 'f'.repeat(64), bootstrap!.envSecret.toUpperCase()]) {
      const refused = await call(secret);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as ErrorBody).errors[0]).toMatchObject({
        status: 401,
        code: 'UnauthorizedError',
      });
    }
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await fetch(`${test.platform.url}/nothing/here`);

    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).errors[0]?.code).toBe('NotFoundError');
  });
});

describe('createPlatform options', () => {
  it('needs a public URL when it does not listen itself', async () => {
    await expect(createPlatform({ logger: () => undefined })).rejects.toThrow(/publicUrl/);
  });

  it('serves its app from a host server when given a public URL', async () => {
    const database = await createTestPlatformDatabase({ name: 'SQLite', url: 'sqlite' });
    const platform = await createPlatform({
      publicUrl: 'https://platform.example.com/',
      database: database.options,
      logger: () => undefined,
    });
    try {
      expect(platform.url).toBe('https://platform.example.com');
      expect(platform.port).toBeUndefined();
      expect(typeof platform.app).toBe('function');
    } finally {
      await platform.close();
      await database.drop();
    }
  });
});
