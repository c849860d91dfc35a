import { setFinalActivityLogStatus } from '../../../src/routes/agent/set-final-activity-log-status';
import { createEnvironmentLogs } from '../../helpers/environment-logs';
import type { EnvironmentLogs } from '../../helpers/environment-logs';
import { availableServers } from '../../helpers/test-databases';
import type { TestDatabase } from '../../helpers/test-databases';

describe.each(availableServers())('setFinalActivityLogStatus on $name', server => {
  let test: TestDatabase;
  let mine: number;
  let other: number;

  let insertLogs: EnvironmentLogs['insertLogs'];
  const statusOf = async (id: string) =>
    (await test.db.models.ActivityLog.findByPk(Number(id)))!.status;

  beforeAll(async () => {
    ({ test, mine, other, insertLogs } = await createEnvironmentLogs(server, 'update'));
  });
  afterAll(() => test.drop());

  it("changes the environment's pending logs only, and answers the ids it changed", async () => {
    const pending = await insertLogs(mine, 3, 'pending');
    const [done] = await insertLogs(mine, 1, 'failed');
    const [foreign] = await insertLogs(other, 1, 'pending');

    const changed = await setFinalActivityLogStatus(test.db, {
      environmentId: mine,
      status: 'completed',
      ids: [...pending, done!, foreign!, '999999'],
    });

    expect([...changed].sort()).toEqual([...pending].sort());
    expect(await Promise.all(pending.map(statusOf))).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    expect(await statusOf(done!)).toBe('failed');
    expect(await statusOf(foreign!)).toBe('pending');
  });

  it('changes a log once: a second call answers no id', async () => {
    const [id] = await insertLogs(mine, 1, 'pending');
    await setFinalActivityLogStatus(test.db, { environmentId: mine, status: 'failed', ids: [id!] });

    const again = await setFinalActivityLogStatus(test.db, {
      environmentId: mine,
      status: 'completed',
      ids: [id!],
    });

    expect(again.size).toBe(0);
    expect(await statusOf(id!)).toBe('failed');
  });

  if (server.name === 'SQLite') {
    it('looks the logs up by primary key, whatever the number of ids (no scan of the environment)', async () => {
      const ids = await insertLogs(mine, 10, 'pending');
      const statements: string[] = [];
      const hook = (_options: unknown, query: unknown) => {
        // Sequelize's query objects keep the statement they ran (not in their type).
        const { sql } = query as { sql?: string };
        if (sql?.startsWith('UPDATE')) statements.push(sql);
      };
      test.db.sequelize.addHook('afterQuery', 'capture', hook);
      try {
        await setFinalActivityLogStatus(test.db, { environmentId: mine, status: 'completed', ids });
      } finally {
        test.db.sequelize.removeHook('afterQuery', 'capture');
      }

      expect(statements).toHaveLength(1);
      // The plan of the same statement, its parameters bound to values of the same types.
      const plan = await test.db.sequelize.query<{ detail: string }>(
        `EXPLAIN QUERY PLAN ${statements[0]!}`,
        {
          bind: ['completed', '2026-01-01 00:00:00.000 +00:00', mine, ...ids.map(Number)],
          type: 'SELECT' as never,
        },
      );
      expect(plan.map(step => step.detail)).toEqual([
        expect.stringContaining('USING INTEGER PRIMARY KEY'),
      ]);
    });
  }
});
