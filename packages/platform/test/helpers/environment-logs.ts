import { createEnvironment } from '../../src';
import { createTestDatabase } from './test-databases';
import type { TestDatabase, TestServer } from './test-databases';

/** A platform database with two environments of one project, and a way to add their logs. */
export interface EnvironmentLogs {
  readonly test: TestDatabase;
  /** The environment under test (`Production`), holding 2,000 completed logs already. */
  readonly mine: number;
  /** Another environment of the project (`Staging`), empty. */
  readonly other: number;
  /** Stores `count` logs of one status in an environment; answers their ids, in order. */
  insertLogs(environmentId: number, count: number, status: string): Promise<string[]>;
}

/**
 * The fixture of the activity-log status tests: enough logs in the environment for a scan of
 * them to be a query planner's choice (the status lookups must use the primary key).
 *
 * @example
 * ```ts
 * const { test, mine, insertLogs } = await createEnvironmentLogs(server, 'update');
 * const ids = await insertLogs(mine, 3, 'pending');
 * ```
 */
export async function createEnvironmentLogs(
  server: TestServer,
  action: string,
): Promise<EnvironmentLogs> {
  const test = await createTestDatabase(server);
  const project = await test.db.models.Project.create({ name: 'Shop' });
  const environment = async (name: string) =>
    (
      await createEnvironment(test.db, null, {
        projectId: project.id,
        name,
        agentUrl: `http://${name.toLowerCase()}.test:3351`,
      })
    ).environment.id;
  const insertLogs = async (environmentId: number, count: number, status: string) => {
    const rows = Array.from({ length: count }, () => ({
      environmentId,
      userEmail: 'ops@grove.test',
      action,
      collectionName: 'orders',
      status,
    }));
    const created = await test.db.models.ActivityLog.bulkCreate(rows, { returning: true });

    return created.map(row => String(row.id));
  };
  const mine = await environment('Production');
  const other = await environment('Staging');
  await insertLogs(mine, 2000, 'completed');

  return { test, mine, other, insertLogs };
}
