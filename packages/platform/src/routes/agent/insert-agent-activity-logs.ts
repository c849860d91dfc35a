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
 * Rows per statement on SQLite. It names its bound parameters (`$1`, `$2`…) and each name is
 * looked up among the statement's others, so a statement costs the square of its parameters:
 * 500 logs (9,000 parameters) took 380 ms in one statement, 25 ms per 100 logs in statements of
 * 100. Statements of 25 rows keep that term under a tenth of the cost of a row.
 */
const SQLITE_ROWS_PER_STATEMENT = 25;

/** One multi-row `INSERT` of `rows`: their ids, in the order of the rows. */
async function insertRows(
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
    const [, { lastID }] = (await db.sequelize.query(sql, {
      bind,
      ...(transaction ? { transaction } : {}),
    })) as [unknown, { lastID: number }];

    return rows.map((_row, index) => String(lastID - rows.length + 1 + index));
  }
  const [returned] = (await db.sequelize.query(`${sql} RETURNING id`, {
    bind,
    ...(transaction ? { transaction } : {}),
  })) as [Array<{ id: number | string }>, unknown];

  return returned
    .map(row => Number(row.id))
    .sort((a, b) => a - b)
    .map(String);
}

/**
 * Inserts agent activity logs, all or nothing (in the caller's transaction if given; every value
 * bound, never spliced) and answers their ids in the order of the entries. One statement hands out
 * ids in the order of its rows: on SQLite (one writer) they are the `lastID` and the ones before
 * it; on PostgreSQL `RETURNING id` answers them, sorted back into row order (neither database
 * promises the order of `RETURNING` rows). PostgreSQL takes every row in one statement; SQLite
 * takes statements of 25 rows, in one transaction when there are several.
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
  if (db.dialect !== 'sqlite' || rows.length <= SQLITE_ROWS_PER_STATEMENT) {
    return insertRows(db, environmentId, rows, transaction);
  }
  const inChunks = async (chunkTransaction: Transaction) => {
    const ids: string[] = [];
    for (let start = 0; start < rows.length; start += SQLITE_ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + SQLITE_ROWS_PER_STATEMENT);
      ids.push(...(await insertRows(db, environmentId, chunk, chunkTransaction)));
    }

    return ids;
  };

  return transaction ? inChunks(transaction) : db.sequelize.transaction(inChunks);
}
