import { findActivityLogStatuses } from '../../../src/routes/agent/find-activity-log-statuses';
import { createEnvironmentLogs } from '../../helpers/environment-logs';
import type { EnvironmentLogs } from '../../helpers/environment-logs';
import { availableServers } from '../../helpers/test-databases';
import type { TestDatabase } from '../../helpers/test-databases';

describe.each(availableServers())('findActivityLogStatuses on $name', server => {
  let test: TestDatabase;
  let mine: number;
  let other: number;
  const ids: string[] = [];
  let insertLogs: EnvironmentLogs['insertLogs'];

  beforeAll(async () => {
    ({ test, mine, other, insertLogs } = await createEnvironmentLogs(server, 'list'));
    ids.push(...(await insertLogs(mine, 10, 'pending')));
  });
  afterAll(() => test.drop());

  it("answers the statuses of the environment's logs, without other environments' or none", async () => {
    const [foreign] = await insertLogs(other, 1, 'pending');
    const [done] = await insertLogs(mine, 1, 'failed');

    const found = await findActivityLogStatuses(test.db, mine, [...ids, foreign!, done!, '999999']);

    expect(Object.fromEntries(found)).toEqual({
      ...Object.fromEntries(ids.map(id => [id, 'pending'])),
      [done!]: 'failed',
    });
  });

  it('locks the rows it reads in the caller transaction (PostgreSQL) and answers them', async () => {
    const found = await test.db.sequelize.transaction(transaction =>
      findActivityLogStatuses(test.db, mine, ids.slice(0, 2), transaction),
    );

    expect([...found.keys()].sort()).toEqual(ids.slice(0, 2).sort());
  });

  if (server.name === 'SQLite') {
    it('looks the logs up by primary key, whatever the number of ids (no scan of the environment)', async () => {
      const statements: string[] = [];
      const hook = (_options: unknown, query: unknown) => {
        // Sequelize's query objects keep the statement they ran (not in their type).
        const { sql } = query as { sql?: string };
        if (sql?.startsWith('SELECT')) statements.push(sql);
      };
      test.db.sequelize.addHook('afterQuery', 'capture', hook);
      try {
        await findActivityLogStatuses(test.db, mine, ids);
      } finally {
        test.db.sequelize.removeHook('afterQuery', 'capture');
      }

      expect(statements).toHaveLength(1);
      const plan = await test.db.sequelize.query<{ detail: string }>(
        `EXPLAIN QUERY PLAN ${statements[0]!}`,
        { type: 'SELECT' as never },
      );
      expect(plan.map(step => step.detail)).toEqual([
        expect.stringContaining('USING INTEGER PRIMARY KEY'),
      ]);
    });
  }
});
