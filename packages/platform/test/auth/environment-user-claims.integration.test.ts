import { environmentUserClaims } from '../../src';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';

describe.each(availableServers())('environmentUserClaims on $name', server => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await startTestPlatform(server);
  });
  afterAll(async () => {
    await test.stop();
  });

  it("answers the bootstrap admin's session claims through their team's rendering", async () => {
    const { context, bootstrap } = test.platform;
    const { models } = context.db;
    const admin = await models.User.findOne({ where: { email: bootstrap!.adminEmail } });
    const rendering = await models.Rendering.findOne({
      where: { environmentId: bootstrap!.environment.id },
    });
    const team = await models.Team.findByPk(rendering!.teamId);
    const member = await models.ProjectMember.findOne({ where: { userId: admin!.id } });
    const role = await models.Role.findByPk(member!.roleId);

    const claims = await environmentUserClaims(context, bootstrap!.environment);

    expect(claims).toEqual({
      id: admin!.id,
      email: bootstrap!.adminEmail,
      firstName: admin!.firstName,
      lastName: admin!.lastName,
      team: team!.name,
      role: role!.name,
      permissionLevel: admin!.permissionLevel,
      renderingId: rendering!.id,
      tags: admin!.tags ?? {},
    });
    await expect(
      environmentUserClaims(context, bootstrap!.environment, admin!.id),
    ).resolves.toEqual(claims);
  });

  it('refuses a user who is not a member of the project', async () => {
    const { context, bootstrap } = test.platform;

    await expect(
      environmentUserClaims(context, bootstrap!.environment, 987_654),
    ).rejects.toMatchObject({ code: 'ForbiddenError' });
  });
});
