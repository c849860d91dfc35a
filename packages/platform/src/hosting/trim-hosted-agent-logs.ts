import { Op } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';

/** Log lines kept per hosted environment: the most recent ones. */
export const HOSTED_AGENT_LOG_LINES_KEPT = 10_000;

/**
 * Deletes an environment's hosted agent log lines but the `keep` most recent ones, so that a
 * customization that logs in a loop cannot fill the platform's database.
 *
 * @example
 * ```ts
 * await trimHostedAgentLogs(db, environment.id, HOSTED_AGENT_LOG_LINES_KEPT);
 * ```
 */
export async function trimHostedAgentLogs(
  db: PlatformDatabase,
  environmentId: number,
  keep: number,
): Promise<void> {
  const { HostedAgentLog } = db.models;
  const oldestKept = await HostedAgentLog.findOne({
    where: { environmentId },
    attributes: ['id'],
    order: [['id', 'DESC']],
    offset: keep - 1,
  });
  if (!oldestKept) return;
  await HostedAgentLog.destroy({ where: { environmentId, id: { [Op.lt]: oldestKept.id } } });
}
