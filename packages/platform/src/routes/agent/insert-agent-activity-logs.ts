import type { Transaction } from 'sequelize';

import type { PlatformDatabase } from '../../database/platform-database';
import { sqlTimestamp } from '../../database/sql-timestamp';
import type { ActivityLogActor } from './resolve-activity-log-actors';
import type { AgentActivityLogEntry } from './read-agent-activity-logs';

const COLUMNS = [
  'environment_id',
  'user_id',
  'user_email',
  'rendering_id',
  'team_name',
  'type',
  'action',
  'collection_name',
  'record_ids',
  'label',
  'source',
  'status',
  'api_token_id',
  'workflow_run_id',
  'workflow_name',
  'workflow_step_name',
  'created_at',
  'updated_at',
] as const;

/** An agent's log entry with the actor who ran it. */
export interface ActorEntry {
  readonly entry: AgentActivityLogEntry;
  readonly actor: ActivityLogActor;
}

/**
 * Inserts agent activity logs with one multi-row `INSERT` (in the caller's transaction if given;
 * every value bound, never spliced) and answers their ids in the order of the entries. One statement hands out
 * ids in the order of its rows: on SQLite (one writer) they are the `lastID` and the ones before
 * it; on PostgreSQL `RETURNING id` answers them, sorted back into row order (neither database
 * promises the order of `RETURNING` rows).
 *
 * @example
 * ```ts
 * const ids = await insertAgentActivityLogs(db, environment.id, rows);
 * ```
 */
export async function insertAgentActivityLogs(
  db: PlatformDatabase,
  environmentId: number,
  rows: readonly ActorEntry[],
  transaction?: Transaction,
): Promise<string[]> {
  const now = sqlTimestamp(db, new Date());
  const bind: unknown[] = [];
  const tuples = rows.map(({ entry, actor }) => {
    const values = [
      environmentId,
      actor.userId,
      actor.userEmail,
      actor.renderingId,
      actor.teamName,
      entry.type,
      entry.action,
      entry.collectionName,
      entry.recordIds === null ? null : JSON.stringify(entry.recordIds),
      entry.label,
      entry.source,
      entry.status,
      entry.apiTokenId,
      entry.workflowRunId,
      entry.workflowName,
      entry.workflowStepName,
      now,
      now,
    ];
    const placeholders = values.map(value => {
      bind.push(value);

      return `$${bind.length}`;
    });

    return `(${placeholders.join(', ')})`;
  });
  const sql = `INSERT INTO activity_logs (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`;
  if (db.dialect === 'sqlite') {
    const [, { lastID }] = (await db.sequelize.query(sql, { bind, transaction })) as [
      unknown,
      { lastID: number },
    ];

    return rows.map((_row, index) => String(lastID - rows.length + 1 + index));
  }
  const [returned] = (await db.sequelize.query(`${sql} RETURNING id`, { bind, transaction })) as [
    Array<{ id: number | string }>,
    unknown,
  ];

  return returned
    .map(row => Number(row.id))
    .sort((a, b) => a - b)
    .map(String);
}
