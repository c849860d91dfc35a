'use strict';
// A platform process for the fault suites: the built platform (packages/platform/dist, so run the
// build first) on the PostgreSQL schema GROVE_FAULT_SCHEMA of GROVE_FAULT_DATABASE_URL, on the
// fixed port GROVE_FAULT_PORT (a restart serves the same URL). Its first start (an empty database)
// also creates the agent's user: Ada, role `Writer` with every right on `orders`, team Operations.
// It writes one JSON line on its standard output, `{ type: 'ready', url, setup }`, once it serves
// (`setup` on the first start only); SIGTERM closes it, SIGKILL is the fault.
const { join } = require('node:path');

const { createPlatform } = require(join(__dirname, '..', '..', '..', 'dist', 'index.js'));

const send = message => process.stdout.write(`${JSON.stringify(message)}\n`);

async function setUp(platform) {
  const { models } = platform.context.db;
  const { project, environment, envSecret, adminEmail, adminPassword } = platform.bootstrap;
  const role = await models.Role.create({ projectId: project.id, name: 'Writer', builtIn: false });
  await models.RoleCollectionRight.create({
    roleId: role.id,
    collectionName: 'orders',
    browse: true,
    read: true,
    edit: true,
    add: true,
    delete: true,
    export: true,
  });
  const user = await models.User.create({
    email: 'ada@grove.test',
    firstName: 'Ada',
    lastName: 'Lovelace',
    permissionLevel: 'user',
  });
  await models.ProjectMember.create({ projectId: project.id, userId: user.id, roleId: role.id });
  const team = await models.Team.findOne({ where: { projectId: project.id, name: 'Operations' } });
  await models.TeamMember.create({ teamId: team.id, userId: user.id });
  const rendering = await models.Rendering.findOne({
    where: { teamId: team.id, environmentId: environment.id },
  });

  return {
    envSecret,
    adminEmail,
    adminPassword,
    projectId: project.id,
    roleId: role.id,
    userId: user.id,
    renderingId: rendering.id,
  };
}

createPlatform({
  port: Number(process.env.GROVE_FAULT_PORT),
  host: '127.0.0.1',
  logger: () => undefined,
  heartbeatIntervalMs: 1_000,
  bootstrap: { mustChangePassword: false, adminPassword: 'a long enough fault-suite passphrase' },
  database: { url: process.env.GROVE_FAULT_DATABASE_URL, schema: process.env.GROVE_FAULT_SCHEMA },
})
  .then(async platform => {
    const setup = platform.bootstrap ? await setUp(platform) : undefined;
    process.once('SIGTERM', () => platform.close().then(() => process.exit(0)));
    send({ type: 'ready', url: platform.url, setup });
  })
  .catch(error => {
    process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
    process.exit(1);
  });
