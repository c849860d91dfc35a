import { trimHostedAgentLogs } from '../../src/hosting/trim-hosted-agent-logs';
import { availableServers, createTestDatabase } from '../helpers/test-databases';
import type { TestDatabase } from '../helpers/test-databases';

describe.each(availableServers())('trimHostedAgentLogs on $name', server => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(server);
  });
  afterAll(() => test.drop());

  it("keeps the most recent lines of the environment, and other environments' lines", async () => {
    const { models } = test.db;
    const project = await models.Project.create({ name: 'Shop' });
    const environment = (name: string) =>
      models.Environment.create({ projectId: project.id, name, secretHash: name.repeat(64) });
    const [a, b] = [await environment('a'), await environment('b')];
    for (let n = 1; n <= 5; n += 1) {
      await models.HostedAgentLog.create({ environmentId: a.id, level: 'Info', message: `a${n}` });
      await models.HostedAgentLog.create({ environmentId: b.id, level: 'Info', message: `b${n}` });
    }

    await trimHostedAgentLogs(test.db, a.id, 2);
    await trimHostedAgentLogs(test.db, b.id, 10);

    const messages = await models.HostedAgentLog.findAll({ order: [['id', 'ASC']] });
    expect(messages.map(row => row.message)).toEqual(['b1', 'b2', 'b3', 'a4', 'b4', 'a5', 'b5']);
  });
});
