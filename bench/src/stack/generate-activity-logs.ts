import { setTimeout as sleep } from 'node:timers/promises';
import { QueryTypes } from 'sequelize';
import { listKind } from '../requests/read-kinds';
import type { KindContext } from '../requests/request-kind';
import { sendRequest } from '../requests/validate-kind';
import type { GroveStack } from './start-grove-stack';

async function countLogs(stack: GroveStack): Promise<number> {
  const [row] = await stack.platformDb.query<{ count: number }>(
    'SELECT COUNT(*) AS count FROM activity_logs WHERE environment_id = :id',
    { type: QueryTypes.SELECT, replacements: { id: stack.platform.ready.environmentId } },
  );

  return Number(row?.count ?? 0);
}

/**
 * Fills the environment's activity logs: `count` list requests to the agent as the admin (each
 * read is logged on the platform, in batches sent about every second), then waits until the
 * platform holds them all (at most 30 s). Answers the environment's number of logs.
 *
 * @example
 * ```ts
 * await generateActivityLogs(stack, context, 60); // 60
 * ```
 */
export async function generateActivityLogs(
  stack: GroveStack,
  context: KindContext,
  count: number,
): Promise<number> {
  const before = await countLogs(stack);
  for (let n = 0; n < count; n += 1) {
    const answer = await sendRequest(
      stack.agent.url,
      stack.userToken,
      listKind.request(n, context),
    );
    if (answer.status !== 200) {
      throw new Error(
        `The agent answered ${answer.status} to the admin: ${answer.text.slice(0, 300)}`,
      );
    }
  }
  const deadline = Date.now() + 30_000;
  let logs = await countLogs(stack);
  while (logs < before + count) {
    if (Date.now() > deadline) {
      throw new Error(
        `The platform holds ${logs - before} of the ${count} activity logs after 30 s`,
      );
    }
    await sleep(200);
    logs = await countLogs(stack);
  }

  return logs;
}
