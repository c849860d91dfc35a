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

/** The values of a row, in the order of {@link COLUMNS}. */
function rowValues(
  environmentId: number,
  { entry, actor }: ActorEntry,
  now: Date | string,
): unknown[] {
  return [
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
}

/**
 * SQLite: the rows as one bound JSON array, read back by `json_each` in array order. SQLite names
 * the bound parameters of a statement and looks each one up among the others, so a multi-row
 * `VALUES` of 18 parameters per row costs the square of its rows (25 rows 1.7 ms of CPU, 100 rows
 * 16 ms); one parameter costs 0.35 ms for 25 rows and 1 ms for 100, and the whole batch (up to
 * 500 rows) is one statement, all or nothing without a transaction. The rows get consecutive ids
 * in array order (`ORDER BY key`, one writer): the `lastID` and the ones before it.
 */
async function insertSqliteRows(
  db: PlatformDatabase,
  rows: readonly unknown[][],
  options: { transaction?: Transaction },
): Promise<string[]> {
  const values = COLUMNS.map((_column, index) => `json_extract(value, '$[${index}]')`);
  const sql =
    `INSERT INTO activity_logs (${COLUMNS.join(', ')}) ` +
    `SELECT ${values.join(', ')} FROM json_each($1) ORDER BY key`;
  const [, { lastID }] = (await db.sequelize.query(sql, {
    bind: [JSON.stringify(rows)],
    ...options,
  })) as [unknown, { lastID: number }];

  return rows.map((_row, index) => String(lastID - rows.length + 1 + index));
}

/**
 * PostgreSQL: one multi-row `INSERT … RETURNING id`, the ids sorted back into row order
 * (PostgreSQL does not promise the order of `RETURNING` rows; a sequence hands out ids in the
 * order of the rows of one statement).
 */
async function insertPostgresRows(
  db: PlatformDatabase,
  rows: readonly unknown[][],
  options: { transaction?: Transaction },
): Promise<string[]> {
  const bind: unknown[] = [];
  const tuples = rows.map(values => {
    const placeholders = values.map(value => {
      bind.push(value);

      return `$${bind.length}`;
    });

    return `(${placeholders.join(', ')})`;
  });
  const sql =
    `INSERT INTO activity_logs (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} ` +
    'RETURNING id';
  const [returned] = (await db.sequelize.query(sql, { bind, ...options })) as [
    Array<{ id: number | string }>,
    unknown,
  ];

  return returned
    .map(row => Number(row.id))
    .sort((a, b) => a - b)
    .map(String);
}

/**
 * Inserts agent activity logs in one statement, all or nothing (in the caller's transaction if
 * given; every value bound, never spliced) and answers their ids in the order of the entries:
 * on SQLite the rows travel as one bound JSON array (see `insertSqliteRows`), on PostgreSQL as
 * one multi-row `VALUES … RETURNING id`.
 *
 * @example
 * ```ts
 * const ids = await insertAgentActivityLogs(db, environment.id, rows);
 * ```
 */
export function insertAgentActivityLogs(
  db: PlatformDatabase,
  environmentId: number,
  rows: readonly ActorEntry[],
  transaction?: Transaction,
): Promise<string[]> {
  const now = sqlTimestamp(db, new Date());
  const values = rows.map(row => rowValues(environmentId, row, now));
  const options = transaction ? { transaction } : {};

  return db.dialect === 'sqlite'
    ? insertSqliteRows(db, values, options)
    : insertPostgresRows(db, values, options);
}
